import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatClock, SERVICE_LEVEL_SECONDS } from '@shiftline/shared';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { socketClient } from '../../../lib/socketClient';
import { useCurrentUser } from '../../auth';
import { useServerNow } from '../hooks/useServerNow';
import { useWallboard } from '../hooks/useWallboard';
import { wallboardCampaigns } from '../utils/wallboardCampaigns';
import { WALL } from '../utils/wallboardColors';
import { wallboardFigures } from '../utils/wallboardFigures';
import { wallboardLayout } from '../utils/wallboardLayout';
import { WallboardTile } from './WallboardTile';

/**
 * /wallboard (issue 15, beyond the spec): a full screen for a wall TV, no controls. Per campaign: calls waiting,
 * longest wait (ticking), service level today, answered and abandoned today, agents by state; it follows the live
 * events through the same board as the campaign status table and reconnects by itself (Socket.IO reconnects; the
 * board fetches its snapshot again when seated in the live room again).
 */
export function WallboardPage() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const campaigns = useMemo(() => wallboardCampaigns(params.get('campaigns')), [params]);
  const wall = useWallboard(campaigns, user.timezone);
  const nowMs = useServerNow();

  // Outside the app's shell, the wall opens the live connection itself.
  useEffect(() => {
    void socketClient.connect();
    return () => socketClient.disconnect();
  }, []);

  const tiles = wall.data && wall.board ? wallboardFigures(wall.data, wall.board, nowMs) : null;
  const layout = wallboardLayout(tiles?.length ?? 0);
  return (
    <Box
      component="main"
      data-testid="wallboard"
      data-loaded={tiles !== null}
      sx={{
        height: '100vh',
        overflow: 'hidden',
        bgcolor: WALL.background,
        color: WALL.text,
        p: 3,
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 4, mb: 2 }}>
        <Typography component="h1" sx={{ fontSize: '2.5rem', fontWeight: 700 }}>
          Live floor
        </Typography>
        <Typography component="p" sx={{ fontSize: '1.5rem', color: WALL.muted, mr: 'auto' }}>
          Service level: answered within {wall.data?.service_level_seconds ?? SERVICE_LEVEL_SECONDS} s, today
        </Typography>
        {wall.retrying && tiles !== null ? (
          <Typography role="status" sx={{ fontSize: '1.75rem', fontWeight: 700, color: WALL.warn }}>
            Reconnecting…
          </Typography>
        ) : null}
        <Typography
          component="div"
          data-testid="wall-clock"
          sx={{ fontSize: '2.5rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatClock(new Date(nowMs), user.timezone)}
        </Typography>
      </Box>
      {tiles === null ? (
        <Typography role="status" sx={{ fontSize: '2rem', color: wall.retrying ? WALL.warn : WALL.muted }}>
          {wall.retrying ? 'Reconnecting…' : 'Loading... Please wait'}
        </Typography>
      ) : tiles.length === 0 ? (
        <Typography sx={{ fontSize: '2rem', color: WALL.muted }}>No Campaigns</Typography>
      ) : (
        <Box
          sx={{
            flex: 1,
            minHeight: 0,
            display: 'grid',
            gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))`,
            gridTemplateRows: `repeat(${layout.rows}, minmax(0, 1fr))`,
            gap: 2,
          }}
        >
          {tiles.map((figures) => (
            <WallboardTile key={figures.campaignId} figures={figures} scale={layout.scale} />
          ))}
        </Box>
      )}
    </Box>
  );
}
