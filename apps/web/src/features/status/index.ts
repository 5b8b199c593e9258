export { StatusIcon } from './components/StatusIcon';
export { StatusMenu, StatusTimer } from './components/StatusMenu';
export { useElapsed } from './hooks/useElapsed';
export { useRefreshStatus } from './hooks/useRefreshStatus';
export { useServerOffset } from './hooks/useServerOffset';
export { isLoggedOut, SIGN_OUT_PATH, useSetStatus } from './hooks/useSetStatus';
export { useStatusInfo } from './hooks/useStatusInfo';
export { formatElapsed } from './utils/elapsed';
