import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { CurrentUser } from '@shiftline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { refreshAfter } from '../../lib/cacheRefresh';
import { useStatusInfo } from '../status';
import { softphoneApi } from './api';
import { askForNotifications, createRingtone, microphoneAllowed, notifyDesktop } from './browserMedia';
import { MicrophoneAlert } from './components/MicrophoneAlert';
import { SoftphoneIndicator } from './components/SoftphoneIndicator';
import { TopBarAnswer } from './components/TopBarAnswer';
import { WarmTransferDialog } from './components/WarmTransferDialog';
import { SoftphoneController } from './controller';
import { useTransferEvents } from './hooks/useTransferEvents';
import { createJsSipStack } from './sip/jssipStack';
import { setActiveSoftphone, useSoftphoneView } from './store';

/**
 * The browser softphone (the lazy chunk with JsSIP): one controller per signed-in page, registered while the
 * agent's status keeps the phone registered (sip_register), its state in the top bar, and the warm-transfer dialog.
 */
export function Softphone({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState<SoftphoneController | null>(null);
  const [alertText, setAlertText] = useState<string | null>(null);
  const status = useStatusInfo();
  const registerWanted = status.data?.status.sip_register;

  useEffect(() => {
    const controller = new SoftphoneController({
      createStack: createJsSipStack,
      server: softphoneApi,
      user: { role: user.role, callType: user.agent_call_type },
      effects: {
        alert: setAlertText,
        ringtone: createRingtone(),
        notify: notifyDesktop,
        microphoneAllowed,
        changed: (callId) => {
          void refreshAfter(queryClient, { kind: 'agentStatus' });
          if (callId !== null) void refreshAfter(queryClient, { kind: 'call', callId });
        },
      },
    });
    setActiveSoftphone(controller);
    setPhone(controller);
    askForNotifications();
    void controller.start();
    return () => {
      setActiveSoftphone(null);
      controller.stop();
    };
  }, [user.role, user.agent_call_type, queryClient]);

  useEffect(() => {
    if (phone && registerWanted !== undefined) phone.setRegisterWanted(registerWanted);
  }, [phone, registerWanted]);

  const view = useSoftphoneView();
  const warm = useTransferEvents(phone, user);
  return (
    <>
      {view ? <SoftphoneIndicator view={view} /> : null}
      {view && phone ? <TopBarAnswer view={view} onAnswer={() => phone.answer()} /> : null}
      {warm.request ? (
        <WarmTransferDialog
          request={warm.request}
          busy={warm.busy}
          error={warm.error}
          onAccept={warm.accept}
          onDecline={warm.decline}
        />
      ) : null}
      {warm.declinedBy ? (
        <Snackbar open autoHideDuration={10_000} onClose={warm.closeDeclined}>
          <Alert severity="info" onClose={warm.closeDeclined} data-testid="warm-transfer-declined">
            {warm.declinedBy} declined the warm transfer.
          </Alert>
        </Snackbar>
      ) : null}
      {warm.transferFailed ? (
        <Snackbar open autoHideDuration={10_000} onClose={warm.closeTransferFailed}>
          <Alert severity="error" onClose={warm.closeTransferFailed} data-testid="warm-transfer-failed">
            {warm.transferFailed}
          </Alert>
        </Snackbar>
      ) : null}
      {alertText ? <MicrophoneAlert text={alertText} onClose={() => setAlertText(null)} /> : null}
    </>
  );
}
