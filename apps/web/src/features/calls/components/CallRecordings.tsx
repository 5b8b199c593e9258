import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type CallRecording, formatQueueTime, isoInZone } from '@shiftline/shared';
import { ApiError } from '../../../lib/apiError';
import { useCallRecordings } from '../hooks/useRecordings';

const when = (iso: string, zone: string) => isoInZone(Date.parse(iso), zone).slice(0, 19).replace('T', ' ');
// Whole seconds, as the player counts them.
const mmss = (ms: number) => formatQueueTime(Math.floor(ms / 1000));

/** One agent's part of the call: its player and download, or why there is none; and its pauses. */
function RecordingItem({ recording, zone }: { recording: CallRecording; zone: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="call-recording" data-status={recording.status}>
      <Typography variant="body2" color="text.secondary">
        {recording.agent_name ?? 'Agent'} · {when(recording.started_at, zone)}
        {recording.duration_ms !== null ? ` · ${mmss(recording.duration_ms)}` : ''}
      </Typography>
      {recording.audio_url ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {/* biome-ignore lint/a11y/useMediaCaption: a call recording has no captions to offer */}
          <audio controls preload="metadata" src={recording.audio_url} data-testid="call-recording-audio" />
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            href={`${recording.audio_url}?download=1`}
            download
            data-testid="call-recording-download"
          >
            Download
          </Button>
        </Box>
      ) : (
        <Alert severity={recording.status === 'failed' ? 'warning' : 'info'} sx={{ py: 0 }}>
          {recording.status === 'recording'
            ? 'Being recorded: it can be played a few seconds after the call ends.'
            : recording.status === 'expired'
              ? "Deleted after the campaign's retention period."
              : (recording.failure ?? 'Not recorded.')}
        </Alert>
      )}
      {recording.pauses.map((pause) => (
        <Typography key={pause.paused_at} variant="body2" data-testid="call-recording-pause">
          Paused by {pause.paused_by ?? 'the agent'} from {mmss(pause.from_ms)}
          {pause.to_ms === null ? ' to the end' : ` to ${mmss(pause.to_ms)}`} (silent in the recording)
        </Typography>
      ))}
    </Box>
  );
}

/** A call's recordings the viewer may hear (call page and call log); a note when it has none. */
export function CallRecordings({
  callId,
  zone,
  hideWhenForbidden = false,
}: {
  callId: number;
  zone: string;
  hideWhenForbidden?: boolean;
}) {
  const recordings = useCallRecordings(callId);
  if (recordings.isPending) return <Skeleton variant="rounded" height={54} />;
  if (recordings.isError) {
    // An agent whose campaign keeps recordings from its agents sees no section at all.
    if (hideWhenForbidden && recordings.error instanceof ApiError && recordings.error.status === 403) return null;
    return (
      <Alert severity="warning" data-testid="call-recordings-error">
        {recordings.error.message}
      </Alert>
    );
  }
  if (recordings.data.recordings.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="call-recordings-none">
        This call was not recorded.
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="call-recordings">
      {recordings.data.recordings.map((recording) => (
        <RecordingItem key={recording.id} recording={recording} zone={zone} />
      ))}
    </Box>
  );
}
