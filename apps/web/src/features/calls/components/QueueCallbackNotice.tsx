import type { QueueCallbackEvent } from '@shiftline/shared/api/events';
import { TopToast } from '../../../ui/TopToast';

/** The queue-callback notice's text (spec §8). */
export const queueCallbackText = (event: QueueCallbackEvent) =>
  event.is_voice_mail
    ? 'You have a queue callback next. This client left a voicemail.'
    : 'You have a queue callback next.';

type QueueCallbackNoticeProps = { callback: QueueCallbackEvent; onProceed: () => void; onClose: () => void };

/** 'You have a queue callback next.' with Proceed, which opens the callback's page (spec §4). */
export function QueueCallbackNotice({ callback, onProceed, onClose }: QueueCallbackNoticeProps) {
  return (
    <TopToast
      horizontal="center"
      variant="filled"
      testId="queue-callback-notice"
      action={{ label: 'Proceed', testId: 'queue-callback-proceed', onClick: onProceed }}
      onClose={onClose}
    >
      {queueCallbackText(callback)}
    </TopToast>
  );
}
