export { sessionQueryKey } from './api';
export { useCurrentUser } from './hooks/useCurrentUser';
export { useSession } from './hooks/useSession';
