import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatQueueTime } from '@shiftline/shared';
import type { ReactNode } from 'react';
import { WALL } from '../utils/wallboardColors';
import type { WallboardFigures } from '../utils/wallboardFigures';

function Figure({ label, value, tone, testId }: { label: string; value: ReactNode; tone?: string; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Typography component="div" sx={{ fontSize: '1.35rem', color: WALL.muted, fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        component="div"
        data-testid="wall-value"
        sx={{
          fontSize: '4.25rem',
          lineHeight: 1.05,
          fontWeight: 700,
          color: tone ?? WALL.text,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function AgentCount({ label, value, dot }: { label: string; value: number; dot: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box aria-hidden sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: dot, flexShrink: 0 }} />
      <Typography component="span" sx={{ fontSize: '2rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
      <Typography component="span" sx={{ fontSize: '1.35rem', color: WALL.muted, fontWeight: 600 }}>
        {label}
      </Typography>
    </Box>
  );
}

/** One campaign on the wall: the queue, today's service and the agents by state, readable across a room. */
export function WallboardTile({ figures }: { figures: WallboardFigures }) {
  const { waiting, longestWait, serviceLevel } = figures;
  const slTone =
    serviceLevel === null ? WALL.text : serviceLevel >= 80 ? WALL.good : serviceLevel >= 60 ? WALL.warn : WALL.bad;
  return (
    <Box
      component="section"
      aria-label={figures.name}
      data-testid="wall-campaign"
      data-id={figures.campaignId}
      sx={{
        bgcolor: WALL.panel,
        border: `2px solid ${waiting > 0 ? WALL.warn : WALL.border}`,
        borderRadius: 3,
        p: 3,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        minWidth: 0,
      }}
    >
      <Typography
        component="h2"
        sx={{ fontSize: '2.5rem', fontWeight: 700, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {figures.name}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2 }}>
        <Figure
          label="Calls waiting"
          value={waiting}
          tone={waiting > 0 ? WALL.warn : WALL.text}
          testId="wall-waiting"
        />
        <Figure
          label="Longest wait"
          value={formatQueueTime(longestWait)}
          tone={longestWait >= 60 ? WALL.bad : WALL.text}
          testId="wall-longest"
        />
        <Figure
          label={`Service level (${figures.serviceLevelSeconds} s)`}
          value={serviceLevel === null ? '—' : `${Math.round(serviceLevel)}%`}
          tone={slTone}
          testId="wall-service-level"
        />
        <Figure label="Answered today" value={figures.answered} testId="wall-answered" />
        <Figure
          label="Abandoned today"
          value={figures.abandoned}
          tone={figures.abandoned > 0 ? WALL.bad : WALL.text}
          testId="wall-abandoned"
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1 }} data-testid="wall-agents">
        <AgentCount label="On call" value={figures.agents.onCall} dot={WALL.onCall} />
        <AgentCount label="Ready" value={figures.agents.ready} dot={WALL.good} />
        <AgentCount label="Not ready" value={figures.agents.notReady} dot={WALL.bad} />
        <AgentCount label="After-call" value={figures.agents.afterCall} dot={WALL.warn} />
      </Box>
    </Box>
  );
}
