export { PhoneAnswer } from './components/PhoneAnswer';
export { PhoneCallControls } from './components/PhoneCallControls';
export { PhoneTransferButton } from './components/PhoneTransferButton';
export { PhoneWarmTransferButton } from './components/PhoneWarmTransferButton';
export { PickupButton } from './components/PickupButton';
export { RedialButton } from './components/RedialButton';
export type { SoftphoneController, SoftphoneView } from './controller';
export { SoftphoneLoader } from './SoftphoneLoader';
export { useSoftphone, useSoftphoneView } from './store';
