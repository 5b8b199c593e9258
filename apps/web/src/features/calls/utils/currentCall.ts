import { browserStorage } from '../../../lib/browserStorage';

/** The local-storage key naming the call whose page or after-call form is open (spec §3: currentCallId). */
export const CURRENT_CALL_KEY = 'currentCallId';

/** The call the agent was working when the page was left, or null. */
export function readCurrentCallId(): number | null {
  const text = browserStorage.read('local', CURRENT_CALL_KEY);
  if (text === null || text === '') return null;
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export const rememberCurrentCall = (id: number) => browserStorage.write('local', CURRENT_CALL_KEY, String(id));

/** The after-call form was closed: nothing to return to. (browserStorage has no remove; an empty value is none.) */
export const forgetCurrentCall = () => browserStorage.write('local', CURRENT_CALL_KEY, '');

const CALL_PAGE_PREFIX = '/inquiries/call/';

/** The call page's address for a call. */
export const callPagePath = (id: number) => `${CALL_PAGE_PREFIX}${id}`;

/** Whether an address is a call page (of any call). */
export const isCallPagePath = (path: string) => path.startsWith(CALL_PAGE_PREFIX);

/** Where the agent waits for calls; the after-call form leads there unless the server names another page. */
export const CALLS_PAGE_PATH = '/inquiries/all_calls';
