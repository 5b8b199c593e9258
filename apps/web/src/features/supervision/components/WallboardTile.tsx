import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatQueueTime } from '@shiftline/shared';
import type { ReactNode } from 'react';
import { WALL } from '../utils/wallboardColors';
import type { WallboardFigures } from '../utils/wallboardFigures';

/** Type sizes at scale 1 (rem): a wall with more rows of campaigns scales them down to fit one screen. */
const SIZE = { name: 2.5, label: 1.35, big: 4.5, small: 2.25 };

function Figure({
  label,
  value,
  tone,
  scale,
  testId,
}: {
  label: string;
  value: ReactNode;
  tone?: string;
  scale: number;
  testId: string;
}) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography component="div" sx={{ fontSize: `${SIZE.label * scale}rem`, color: WALL.muted, fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        component="div"
        data-testid="wall-value"
        sx={{
          fontSize: `${SIZE.big * scale}rem`,
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

function Count({
  label,
  value,
  dot,
  scale,
  testId,
}: {
  label: string;
  value: number;
  dot?: string;
  scale: number;
  testId?: string;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid={testId}>
      {dot ? (
        <Box aria-hidden sx={{ width: 16 * scale, height: 16 * scale, borderRadius: '50%', bgcolor: dot }} />
      ) : null}
      <Typography
        component="span"
        data-testid="wall-value"
        sx={{ fontSize: `${SIZE.small * scale}rem`, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
      <Typography component="span" sx={{ fontSize: `${SIZE.label * scale}rem`, color: WALL.muted, fontWeight: 600 }}>
        {label}
      </Typography>
    </Box>
  );
}

const serviceTone = (level: number | null) =>
  level === null ? WALL.text : level >= 80 ? WALL.good : level >= 60 ? WALL.warn : WALL.bad;

/**
 * One campaign on the wall, readable across a room: the queue and today's service level in large figures, today's
 * answered and abandoned calls and the agents by state below. `scale` shrinks the type when many campaigns share it.
 */
export function WallboardTile({ figures, scale }: { figures: WallboardFigures; scale: number }) {
  const { waiting, longestWait, serviceLevel, agents } = figures;
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
        p: 2.5 * scale,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        gap: 1.5 * scale,
        minWidth: 0,
        minHeight: 0,
        overflow: 'hidden',
      }}
    >
      <Typography
        component="h2"
        sx={{
          fontSize: `${SIZE.name * scale}rem`,
          fontWeight: 700,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {figures.name}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2 * scale }}>
        <Figure
          label="Waiting"
          value={waiting}
          tone={waiting > 0 ? WALL.warn : WALL.text}
          scale={scale}
          testId="wall-waiting"
        />
        <Figure
          label="Longest wait"
          value={formatQueueTime(longestWait)}
          tone={longestWait >= 60 ? WALL.bad : WALL.text}
          scale={scale}
          testId="wall-longest"
        />
        <Figure
          label="Service level"
          value={serviceLevel === null ? '—' : `${Math.round(serviceLevel)}%`}
          tone={serviceTone(serviceLevel)}
          scale={scale}
          testId="wall-service-level"
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 * scale, rowGap: 0.5 }}>
        <Count label="Answered" value={figures.answered} scale={scale} testId="wall-answered" />
        <Count label="Abandoned" value={figures.abandoned} scale={scale} testId="wall-abandoned" />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 * scale, rowGap: 0.5 }} data-testid="wall-agents">
        <Count label="On call" value={agents.onCall} dot={WALL.onCall} scale={scale} />
        <Count label="Ready" value={agents.ready} dot={WALL.good} scale={scale} />
        <Count label="Not ready" value={agents.notReady} dot={WALL.bad} scale={scale} />
        <Count label="After-call" value={agents.afterCall} dot={WALL.warn} scale={scale} />
      </Box>
    </Box>
  );
}
