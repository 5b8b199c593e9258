import AccessTimeIcon from '@mui/icons-material/AccessTime';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { EMPTY_LABELS, type TimeZoneId } from '@shiftline/shared';
import { useMemo, useState } from 'react';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { MultiSelect } from '../../../ui/MultiSelect';
import { TimezoneSelect } from '../../../ui/TimezoneSelect';
import { useGlobalPeriod } from '../../../ui/useGlobalPeriod';
import { useCurrentUser } from '../../auth';
import { useProductivity } from '../hooks/useProductivity';
import { useProductivityAgents } from '../hooks/useProductivityAgents';
import { formatLoginTime } from '../utils/formatLoginTime';
import { productivityPairs } from '../utils/productivityPairs';
import { productivityRequest } from '../utils/productivityRequest';
import { HourSelect } from './HourSelect';
import { PayCards } from './PayCards';
import { PaymentDetailsDialog } from './PaymentDetailsDialog';
import { ProductivityPairCard } from './ProductivityPairCard';

/**
 * /productivity (spec §2.2): pay cards, the zone, period, agent and time-of-day choices with the total login
 * time, then the Total pair and one pair per group. Every change of choice loads again.
 */
export function ProductivityPage() {
  const user = useCurrentUser();
  const isAgent = user.role === 'agent';
  const [zone, setZone] = useState<TimeZoneId>(user.timezone);
  const [period, setPeriod] = useGlobalPeriod(zone);
  const [agentIds, setAgentIds] = useState<number[]>([]);
  const [startHour, setStartHour] = useState(0);
  const [endHour, setEndHour] = useState(23);
  const [detailsOpen, setDetailsOpen] = useState(false);

  const agents = useProductivityAgents(!isAgent);
  const agentOptions = useMemo(
    () => (agents.data ?? []).map((agent) => ({ value: agent.id, label: `${agent.firstName} ${agent.secondName}` })),
    [agents.data],
  );
  const request = useMemo(
    () => productivityRequest({ period, zone, startHour, endHour, role: user.role, ids: agentIds }),
    [period, zone, startHour, endHour, user.role, agentIds],
  );
  const productivity = useProductivity(request);
  const data = productivity.data;
  const pairs = useMemo(() => (data ? productivityPairs(data) : null), [data]);

  return (
    <Box data-testid="productivity-page" data-loaded={data !== undefined && !productivity.isFetching}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Productivity
      </Typography>

      {data?.pay ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
            gap: 2,
            mb: 3,
          }}
          data-testid="pay-cards"
        >
          <PayCards pay={data.pay} onOpenDetails={() => setDetailsOpen(true)} />
        </Box>
      ) : null}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Box sx={{ width: 200 }}>
          <TimezoneSelect value={zone} onChange={setZone} fullWidth testId="productivity-timezone" />
        </Box>
        <DateRangePicker
          value={period}
          onChange={setPeriod}
          zone={zone}
          displayFrom={user.display_from}
          testId="productivity-period"
        />
        {isAgent ? null : (
          <MultiSelect
            label="Agents"
            options={agentOptions}
            value={agentIds}
            onChange={setAgentIds}
            // Nothing chosen means every agent; with nothing to choose from the spec's empty label shows.
            emptyLabel={agents.isSuccess && agentOptions.length === 0 ? EMPTY_LABELS.agentsShort : 'All agents'}
            minWidth={240}
            testId="productivity-agents"
          />
        )}
        <HourSelect label="Start time" value={startHour} onChange={setStartHour} testId="productivity-start-hour" />
        <HourSelect label="End time" value={endHour} onChange={setEndHour} testId="productivity-end-hour" />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: { md: 'auto' } }}>
          <AccessTimeIcon color="action" />
          <Typography variant="body2" color="text.secondary">
            Total login time
          </Typography>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="productivity-login-time">
            {data ? formatLoginTime(data.loginSeconds) : '…'}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ height: 4, mb: 2 }}>{productivity.isFetching ? <LinearProgress /> : null}</Box>

      {pairs ? (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}
          data-testid="productivity-pairs"
        >
          {pairs.map((pair) => (
            <Box key={pair.id} sx={pair.id === 'total' ? { gridColumn: { lg: '1 / -1' } } : undefined}>
              <ProductivityPairCard pair={pair} wide={pair.id === 'total'} request={request} />
            </Box>
          ))}
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, 1fr)' }, gap: 2 }}>
          {[0, 1, 2, 3, 4].map((index) => (
            <Skeleton key={index} variant="rounded" height={260} />
          ))}
        </Box>
      )}

      {data?.pay ? (
        <PaymentDetailsDialog
          open={detailsOpen}
          pay={data.pay}
          request={request}
          zone={zone}
          showAgents={data.agents.length > 1}
          onClose={() => setDetailsOpen(false)}
        />
      ) : null}
    </Box>
  );
}
