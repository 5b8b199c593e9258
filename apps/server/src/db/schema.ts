import type {
  AgentCallType,
  AgentStateId,
  BreakType,
  CallState,
  CallSumColumn,
  CampaignType,
  DispositionBucket,
  NotificationType,
  RefusalReason,
  Role,
  RollupAlignment,
  RollupGrain,
  ShiftStatus,
  VacationStatus,
  WorkingHours,
} from '@shiftline/shared';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type UsersTable = {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  second_name: string;
  role: Role;
  agent_group_id: number | null;
  company_id: number | null;
  extension: string | null;
  timezone: string;
  pay_rate_cents: Generated<number>;
  agent_call_type: AgentCallType | null;
  avatar_url: string | null;
  crm_id: string | null;
  archived: Generated<boolean>;
  /** One of the seven outbound system accounts: never listed as an agent. */
  is_system: Generated<boolean>;
  /** The root system administrator that other users may not change. */
  is_protected: Generated<boolean>;
  /** Disabled by an administrator (the agents table): cannot sign in until enabled. */
  disabled: Generated<boolean>;
  display_from: Date | null;
  created_at: Generated<Date>;
  /** Set by an administrator's password reset: until changed, the session may only change the password. */
  must_change_password: Generated<boolean>;
};

export type AgentGroupsTable = { id: Generated<number>; name: string };

export type CompaniesTable = { id: Generated<number>; name: string; callbacks_enabled: Generated<boolean> };

export type CampaignsTable = {
  id: Generated<number>;
  name: string;
  unique_name: string;
  type: CampaignType;
  company_id: number | null;
  archived: Generated<boolean>;
  active: Generated<boolean>;
  /** Working hours: wall-clock rules in `time_zone` (shared/time/workingHours.ts). */
  time_zone: Generated<string>;
  /** Monday first, seven entries; null closed. Written as JSON text. */
  working_hours: ColumnType<WorkingHours['weekly'], string | undefined, string>;
  holidays: ColumnType<WorkingHours['holidays'], string | undefined, string>;
  billing_rate_cents: Generated<number>;
  record_calls: Generated<boolean>;
  agents_hear_own_recordings: Generated<boolean>;
  recording_retention_days: Generated<number>;
};

export type CampaignAgentsTable = {
  campaign_id: number;
  user_id: number;
  is_disabled: Generated<boolean>;
};

export type CampaignListsTable = { id: Generated<number>; name: string; unique_name: string };
export type CampaignListItemsTable = { list_id: number; campaign_id: number };

export type SessionsTable = {
  /** SHA-256 of the cookie token: a leaked table does not hand out sessions. */
  id: string;
  user_id: number;
  csrf_token: string;
  created_at: Generated<Date>;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
};

export type AuditLogTable = {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  subject: string;
  details: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
};

export type ShiftsTable = {
  id: Generated<number>;
  user_id: number;
  status: ShiftStatus;
  start_at: Date;
  end_at: Date;
  notes: string | null;
  reason: string | null;
  created_by: number | null;
  /** Null while the agent's new shift is a draft; set by Send for Approval. */
  sent_for_approval_at: Date | null;
  /** The free-shift offer this shift was accepted from. */
  free_shift_id: Generated<number | null>;
  /** The planner that generated this shift (null for shifts planned one by one, or once the planner is replaced). */
  planner_id: Generated<number | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

export type PlannersTable = {
  id: Generated<number>;
  user_id: number;
  /** `date` columns: read them as text (`start_planner::text`), the driver would turn them into local-midnight Dates. */
  start_planner: ColumnType<string, string, string>;
  end_planner: ColumnType<string | null, string | null, string | null>;
  zone: string;
  /** Scheduler text rules (packages/shared/src/planner/rule.ts). */
  scheduler: string[];
  /** 'approved' when a schedule supervisor set another user's planner, 'pending' (drafts) otherwise. */
  shift_status: 'pending' | 'approved';
  /** Shifts are generated for occurrences starting before this instant. */
  expanded_until: Date;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

export type FreeShiftsTable = {
  id: Generated<number>;
  start_at: Date;
  end_at: Date;
  count_agents: number;
  accepted: Generated<number>;
  campaigns: number[];
  breaks: ColumnType<{ type: BreakType; start_at: string; end_at: string }[], string, string>;
  created_by: number | null;
  /** A canceled shift offered to others (vacation notice). */
  source_shift_id: number | null;
  created_at: Generated<Date>;
};

export type NotificationsTable = {
  id: Generated<number>;
  user_id: number;
  type: NotificationType;
  status: Generated<0 | 1>;
  title: string;
  message: string;
  free_shift_id: number | null;
  link: string | null;
  created_at: Generated<Date>;
};

export type ShiftBreaksTable = {
  id: Generated<number>;
  shift_id: number;
  type: BreakType;
  start_at: Date;
  end_at: Date;
};

export type VacationsTable = {
  id: Generated<number>;
  user_id: number;
  status: VacationStatus;
  start_at: Date;
  end_at: Date;
  reason: string;
  created_at: Generated<Date>;
};

export type StatsSourcesTable = { id: Generated<number>; name: string };

export type DispositionsTable = {
  id: Generated<number>;
  title: string;
  campaign_type: CampaignType;
  bucket: DispositionBucket;
  /** null: offered on every campaign of its type. */
  campaign_id: number | null;
  callback_required: Generated<boolean>;
  adds_to_dnc: Generated<boolean>;
  position: Generated<number>;
  archived: Generated<boolean>;
};

export type ClientsTable = {
  id: Generated<number>;
  phone: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  email: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: Generated<string>;
  blocked: Generated<boolean>;
  /** Who blacklisted the client and when (null on clients blocked before migration 0029). */
  blocked_at: Timestamp | null;
  blocked_by: number | null;
  created_at: Generated<Date>;
  /** The number in E.164 by the shared phone rule (null: not a valid number, or written before the rule ran). */
  phone_e164: string | null;
  /** The client's height and weight as the agent wrote them (migration 0036). */
  height: string | null;
  weight: string | null;
};

/** The do-not-call list (migration 0029): numbers in E.164 the centre never dials and whose calls it refuses. */
export type DoNotCallTable = {
  phone: string;
  note: string | null;
  created_at: Generated<Date>;
  created_by: number | null;
};

/** bigserial ids come back from the driver as strings. */
type BigId = string;

export type CallsTable = {
  id: Generated<BigId>;
  campaign_id: number;
  direction: CampaignType;
  client_id: number | null;
  agent_id: number | null;
  did: string | null;
  stats_source_id: number | null;
  /** When the call entered the queue (inbound) or was dialled (outbound): the instant the call counts on. */
  queued_at: Timestamp;
  answered_at: Timestamp | null;
  /** Null while the call is live; rollups count a call once it has ended. */
  ended_at: Timestamp | null;
  queue_seconds: Generated<number>;
  talk_seconds: Generated<number>;
  hold_seconds: Generated<number>;
  billed_seconds: Generated<number>;
  billed: Generated<boolean>;
  /** Rang an agent who did not answer. */
  missed: Generated<boolean>;
  /** The caller hung up while still in the queue. */
  abandoned: Generated<boolean>;
  /** The agent hung up first. */
  agent_disconnected: Generated<boolean>;
  disposition_id: number | null;
  callback_requested: Generated<boolean>;
  cold_call: Generated<boolean>;
  transfer_type: string | null;
  notes: string | null;
  /** The live state (CALL_STATES); null on history rows, which are ended (or abandoned, as the flag says). */
  status: CallState | null;
  /** When the call was offered to its current agent (while offered). */
  offered_at: Timestamp | null;
  /** When the line ended (the call then waits in after-call work until its form is closed). */
  hung_up_at: Timestamp | null;
  /** While on hold: since when. */
  hold_started_at: Timestamp | null;
  voice_mail: Generated<boolean>;
  /** A callback asked for: when, and who set it. */
  callback_at: Timestamp | null;
  callback_user_id: number | null;
  /** Why a call ended other than by its form (restart reconciliation, say). */
  end_reason: string | null;
  /**
   * Why a refused call (status 'blocked') was refused before it queued: its number blocked, or its campaign closed;
   * null on every other call.
   */
  block_reason: RefusalReason | null;
};

/** A lead of an outbound campaign's cold-call list (migration 0017). */
export type ColdCallsTable = {
  id: Generated<number>;
  campaign_id: number;
  client_id: number;
  phone: string;
  phone_valid: boolean;
  timezone: string;
  attached_agent_id: number | null;
  attached_at: Timestamp | null;
  definite: Generated<boolean>;
  last_called_at: Timestamp | null;
  last_call_id: BigId | null;
  created_at: Generated<Date>;
  /** Its lead list (null only for leads written by tests' fixtures without one). */
  list_id: number | null;
  /** The list's custom fields for this lead, by name. */
  custom_fields: Generated<Record<string, string>>;
};

/** An outbound campaign's uploaded list of leads. */
export type LeadListsTable = {
  id: Generated<number>;
  campaign_id: number;
  name: string;
  enabled: Generated<boolean>;
  country: Generated<string>;
  source_file: string | null;
  /** The custom fields' names, in the file's order (the export's columns). */
  custom_fields: Generated<string[]>;
  created_at: Generated<Date>;
  created_by: number | null;
  reset_at: Timestamp | null;
};

/** An import's checked rows, between reading the file and the transaction that lists them. */
export type LeadImportRowsTable = {
  import_id: string;
  line: number;
  phone: string;
  first_name: string;
  last_name: string;
  email: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  timezone: string;
  custom_fields: string;
  client_id: number | null;
  outcome: string | null;
  staged_at: Generated<Date>;
};

/** A number callers dial; only its trunk's source addresses may deliver calls to it (none: no calls). */
export type CampaignNumbersTable = {
  phone: string;
  campaign_id: number;
  trunk_id: Generated<number | null>;
  /** The stats source its callers' calls count under (the dashboards' source filter). */
  stats_source_id: Generated<number | null>;
};
export type TrunksTable = {
  id: Generated<number>;
  name: string;
  /** inet[]: read as text through trunks.repository.ts. */
  source_addresses: string[];
  outbound_address: string | null;
  auth_username: string | null;
  /** The digest password, AES-GCM sealed by the app (trunkPassword.ts). */
  auth_password_sealed: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};
export type TrunkCampaignsTable = { campaign_id: number; trunk_id: number; caller_id: string };
export type DeskPhonesTable = {
  id: Generated<number>;
  user_id: number;
  name: string;
  username: string;
  ha1: string;
  created_at: Generated<Date>;
  created_by: number | null;
  last_registered_at: Date | null;
  last_contact: string | null;
};
export type RecordingStatus = 'recording' | 'ready' | 'failed' | 'expired';
export type CallRecordingsTable = {
  id: Generated<BigId>;
  call_id: number | string;
  sip_call_id: string;
  agent_id: number | null;
  started_at: Generated<Date>;
  status: Generated<RecordingStatus>;
  paused: Generated<boolean>;
  file_name: string | null;
  duration_ms: number | null;
  size_bytes: ColumnType<string | null, number | null, number | null>;
  finished_at: Date | null;
  failure: string | null;
};
export type RecordingPausesTable = {
  id: Generated<BigId>;
  recording_id: number | string;
  paused_by: number | null;
  paused_at: Generated<Date>;
  resumed_at: Date | null;
};
export type ProductsTable = {
  id: Generated<number>;
  name: string;
  price_cents: number;
  active: Generated<boolean>;
  /** null: sold on every campaign. */
  campaign_id: number | null;
  currency: Generated<string>;
  /** The agent's commission per unit sold; null: the centre's rule on the sale's amount. */
  commission_cents: number | null;
};
export type SaleLinesTable = {
  id: Generated<BigId>;
  call_id: number | string;
  product_id: number;
  quantity: number;
  amount_cents: number;
  created_at: Generated<Date>;
};

export type SalesLeadsTable = {
  id: Generated<BigId>;
  call_id: number | string;
  campaign_id: number;
  agent_id: number | null;
  created_at: Timestamp;
  valid: boolean;
  sold: Generated<boolean>;
  amount_cents: Generated<number>;
  commission_cents: Generated<number>;
};

export type AgentStateLogTable = {
  id: Generated<BigId>;
  user_id: number;
  /** An AGENT_STATES id from packages/shared (productivity classification). */
  state: string;
  start_at: Timestamp;
  /** Null for the agent's current state. */
  end_at: Timestamp | null;
  campaign_id: number | null;
  call_id: number | string | null;
};

/** A signed correction of an agent's time in one state (the performance breakdown form, migration 0018). */
export type AgentTimeAdjustmentsTable = {
  id: Generated<BigId>;
  user_id: number;
  campaign_id: number | null;
  state: string;
  at: Timestamp;
  seconds: number;
  created_by: number | null;
  created_at: Generated<Date>;
};

export type AgentPaymentsTable = {
  id: Generated<number>;
  user_id: number;
  /** `date` columns: read as text. */
  period_start: ColumnType<string, string, string>;
  period_end: ColumnType<string, string, string>;
  paid_at: Timestamp;
  hourly_cents: Generated<number>;
  statutory_cents: Generated<number>;
  commission_cents: Generated<number>;
  created_by: number | null;
};

/**
 * The rollups (src/rollups keeps them; migrations 0005-0013 made them). A sum comes back as a number from an integer
 * column and as a string from a bigint one; the upkeep writes them with SQL, so they are typed for reading.
 */
type RollupSum = ColumnType<number | string, number | string | undefined, number | string>;
type CallRollupSums = Record<CallSumColumn, RollupSum>;
/** Every rollup row: its bucket on the alignment's grid (0: on the UTC hour, 30: on the half hour) and the bucket's start. */
type RollupBucket = { alignment: RollupAlignment; bucket_start: Timestamp };
/** Rollups kept in several grains (ROLLUP_GRAIN in shared names the stored values); partitioned by grain, then alignment. */
type GrainedRollupBucket = RollupBucket & { grain: RollupGrain };

/** Calls per campaign per hour: most dashboard reads. */
export type CampaignCallRollupsTable = RollupBucket & { campaign_id: number } & CallRollupSums;
/** Calls per campaign and stats source (0: none) per hour: the stats-source filter. */
export type CallRollupsTable = RollupBucket & { campaign_id: number; stats_source_id: number } & CallRollupSums;
/** Calls per agent, campaign and stats source per hour: the dashboards' agent filter. */
export type AgentCallRollupsTable = CallRollupsTable & { agent_id: number };
/** Calls per agent and campaign in hours, days and months: agent records. */
export type AgentCampaignCallRollupsTable = GrainedRollupBucket & {
  agent_id: number;
  campaign_id: number;
} & CallRollupSums;
/** Calls per campaign type per hour: a whole type without filters. */
export type TypeCallRollupsTable = RollupBucket & { campaign_type: CampaignType } & CallRollupSums;
/**
 * Capped seconds per agent, campaign (0: none) and counted state (a column each: COUNTED_STATE_IDS, every state but
 * Logged out and Logout), and sold leads' commissions, in every grain.
 */
export type AgentProductivityRollupsTable = GrainedRollupBucket & { user_id: number; campaign_id: number } & Record<
    Exclude<AgentStateId, 'logged_out' | 'logout'> | 'commission_cents',
    RollupSum
  >;

/** The productivity rollup's hour, week and month × hour-of-day rows (grains 0, 3, 4) summed over campaigns, per agent. */
export type AgentHourOfDayRollupsTable = Omit<AgentProductivityRollupsTable, 'campaign_id'>;

/** Ended calls and closed states the rollups have yet to add (src/rollups/backlog); one of the two ids is set. */
export type RollupBacklogTable = {
  id: Generated<BigId>;
  call_id: number | string | null;
  state_id: number | string | null;
};

/** A call's SIP side, shared by the app processes behind one SIP server (features/telephony/sipLegs). */
export type SipLegsTable = {
  call_id: number | string;
  sip_call_id: string;
  cseq: number | null;
  parked: Generated<boolean>;
  offer: Generated<string>;
  dialog_h_entry: number | null;
  dialog_h_id: number | null;
  dialog_sip_call_id: string | null;
  transfer_to: string | null;
  updated_at: Generated<Date>;
};

/** Whether an agent's phone is registered at the SIP server, and the status to give back when it registers again. */
export type SipPhonesTable = {
  user_id: number;
  registered: boolean;
  dropped_from: string | null;
  changed_at: Generated<Date>;
};

/** SIP Call-IDs: the call each belongs to, a dialog the call left, or a caller who left before it was named. */
export type SipCallIdsTable = {
  sip_call_id: string;
  call_id: number | string | null;
  retired: Generated<boolean>;
  left_at: Date | null;
};

/** Warm-transfer questions waiting for their answer (features/telephony/warmTransfer). */
export type WarmTransferQuestionsTable = {
  call_id: number | string;
  asker_id: number;
  invited_id: number | null;
  invited_extension: string | null;
  expires_at: Date;
};

/** A serving app process's heartbeat (migration 0035): until when it was known alive. */
export type ProcessHeartbeatsTable = {
  process_id: string;
  started_at: Timestamp;
  beat_at: Timestamp;
};

export type Database = {
  users: UsersTable;
  agent_groups: AgentGroupsTable;
  companies: CompaniesTable;
  campaigns: CampaignsTable;
  campaign_agents: CampaignAgentsTable;
  campaign_lists: CampaignListsTable;
  campaign_list_items: CampaignListItemsTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  shifts: ShiftsTable;
  shift_breaks: ShiftBreaksTable;
  vacations: VacationsTable;
  free_shifts: FreeShiftsTable;
  notifications: NotificationsTable;
  planners: PlannersTable;
  stats_sources: StatsSourcesTable;
  dispositions: DispositionsTable;
  clients: ClientsTable;
  do_not_call: DoNotCallTable;
  calls: CallsTable;
  sales_leads: SalesLeadsTable;
  agent_state_log: AgentStateLogTable;
  process_heartbeats: ProcessHeartbeatsTable;
  agent_time_adjustments: AgentTimeAdjustmentsTable;
  campaign_numbers: CampaignNumbersTable;
  trunks: TrunksTable;
  trunk_campaigns: TrunkCampaignsTable;
  desk_phones: DeskPhonesTable;
  call_recordings: CallRecordingsTable;
  recording_pauses: RecordingPausesTable;
  cold_calls: ColdCallsTable;
  lead_lists: LeadListsTable;
  lead_import_rows: LeadImportRowsTable;
  products: ProductsTable;
  sale_lines: SaleLinesTable;
  agent_payments: AgentPaymentsTable;
  campaign_call_rollups: CampaignCallRollupsTable;
  call_rollups: CallRollupsTable;
  agent_call_rollups: AgentCallRollupsTable;
  agent_campaign_call_rollups: AgentCampaignCallRollupsTable;
  type_call_rollups: TypeCallRollupsTable;
  agent_productivity_rollups: AgentProductivityRollupsTable;
  agent_hour_of_day_rollups: AgentHourOfDayRollupsTable;
  rollup_backlog: RollupBacklogTable;
  sip_legs: SipLegsTable;
  sip_call_ids: SipCallIdsTable;
  sip_phones: SipPhonesTable;
  warm_transfer_questions: WarmTransferQuestionsTable;
};

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CampaignRow = Selectable<CampaignsTable>;
export type SessionRow = Selectable<SessionsTable>;
