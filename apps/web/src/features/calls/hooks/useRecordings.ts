import type { LiveRecording } from '@shiftline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { callsApi } from '../api';

/** A call's recordings the viewer may hear; polled while one is still being finished. */
export function useCallRecordings(callId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.calls.recordings(callId),
    queryFn: () => callsApi.recordings(callId),
    enabled,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.recordings.some((recording) => recording.status === 'recording') ? 3000 : false,
  });
}

/** The live call's recording as its agent sees it, and the pause and resume that change it. */
export function useLiveRecording(callId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.calls.liveRecording(callId);
  const state = useQuery({ queryKey: key, queryFn: () => callsApi.liveRecording(callId) });
  const store = (answer: LiveRecording) => queryClient.setQueryData(key, answer);
  const toggle = useMutation({
    mutationFn: (pause: boolean) => (pause ? callsApi.pauseRecording(callId) : callsApi.resumeRecording(callId)),
    onSuccess: store,
  });
  return { state, toggle };
}
