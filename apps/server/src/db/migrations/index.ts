import type { Migration } from 'kysely/migration';
import * as organisation from './20261122_0001_organisation.js';
import * as schedule from './20261122_0002_schedule.js';
import * as planners from './20261122_0003_planners.js';
import * as supervisor from './20261122_0004_supervisor.js';
import * as calls from './20261122_0005_calls.js';
import * as typeRollups from './20261122_0006_type_rollups.js';
import * as stateGrains from './20261122_0007_state_grains.js';
import * as agentRollupGrains from './20261123_0008_agent_rollup_grains.js';
import * as commissionRollup from './20261124_0009_commission_rollup.js';
import * as rollupPartitions from './20261124_0010_rollup_partitions.js';
import * as weekHourGrain from './20261124_0011_week_hour_grain.js';
import * as monthHourGrain from './20261124_0012_month_hour_grain.js';
import * as clusterHourRollups from './20261124_0013_cluster_hour_rollups.js';
import * as hourOfDayRollups from './20261124_0014_hour_of_day_rollups.js';
import * as liveCalls from './20261124_0015_live_calls.js';
import * as rollupBacklog from './20261125_0016_rollup_backlog.js';
import * as coldCalls from './20261125_0017_cold_calls.js';
import * as workTimeEdits from './20261125_0018_work_time_edits.js';
import * as admin from './20261125_0019_admin.js';
import * as tableIndexes from './20261125_0020_table_indexes.js';
import * as sipLegs from './20261126_0021_sip_legs.js';
import * as warmTransferQuestions from './20261126_0022_warm_transfer_questions.js';
import * as routingFunctions from './20261127_0023_routing_functions.js';
import * as sipArrival from './20261127_0024_sip_arrival.js';
import * as sipPhones from './20261128_0025_sip_phones.js';
import * as trunksDeskPhones from './20261128_0026_trunks_desk_phones.js';
import * as callRecordings from './20261128_0027_call_recordings.js';
import * as blockedNumbers from './20261129_0029_blocked_numbers.js';
import * as workingHours from './20261129_0030_working_hours.js';
import * as leadLists from './20261129_0031_lead_lists.js';
import * as campaignCatalog from './20261129_0032_campaign_catalog.js';
import * as statsSourceNumbers from './20261129_0033_stats_source_numbers.js';
import * as closedArrivals from './20261129_0034_closed_arrivals.js';
import * as processHeartbeats from './20261129_0035_process_heartbeats.js';
import * as clientMeasures from './20261129_0036_client_measures.js';

/** Every migration in order; names are timestamped so they sort. Forward-only. */
export const migrations: Record<string, Migration> = {
  '20261122_0001_organisation': organisation,
  '20261122_0002_schedule': schedule,
  '20261122_0003_planners': planners,
  '20261122_0004_supervisor': supervisor,
  '20261122_0005_calls': calls,
  '20261122_0006_type_rollups': typeRollups,
  '20261122_0007_state_grains': stateGrains,
  '20261123_0008_agent_rollup_grains': agentRollupGrains,
  '20261124_0009_commission_rollup': commissionRollup,
  '20261124_0010_rollup_partitions': rollupPartitions,
  '20261124_0011_week_hour_grain': weekHourGrain,
  '20261124_0012_month_hour_grain': monthHourGrain,
  '20261124_0013_cluster_hour_rollups': clusterHourRollups,
  '20261124_0014_hour_of_day_rollups': hourOfDayRollups,
  '20261124_0015_live_calls': liveCalls,
  '20261125_0016_rollup_backlog': rollupBacklog,
  '20261125_0017_cold_calls': coldCalls,
  '20261125_0018_work_time_edits': workTimeEdits,
  '20261125_0019_admin': admin,
  '20261125_0020_table_indexes': tableIndexes,
  '20261126_0021_sip_legs': sipLegs,
  '20261126_0022_warm_transfer_questions': warmTransferQuestions,
  '20261127_0023_routing_functions': routingFunctions,
  '20261127_0024_sip_arrival': sipArrival,
  '20261128_0025_sip_phones': sipPhones,
  '20261128_0026_trunks_desk_phones': trunksDeskPhones,
  '20261128_0027_call_recordings': callRecordings,
  '20261129_0029_blocked_numbers': blockedNumbers,
  '20261129_0030_working_hours': workingHours,
  '20261129_0031_lead_lists': leadLists,
  '20261129_0032_campaign_catalog': campaignCatalog,
  '20261129_0033_stats_source_numbers': statsSourceNumbers,
  '20261129_0034_closed_arrivals': closedArrivals,
  '20261129_0035_process_heartbeats': processHeartbeats,
  '20261129_0036_client_measures': clientMeasures,
};
