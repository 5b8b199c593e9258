export type { SoftphoneController, SoftphoneView } from './controller';
export { SoftphoneLoader } from './SoftphoneLoader';
export { useSoftphone, useSoftphoneView } from './store';
