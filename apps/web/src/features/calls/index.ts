export { CallWatcher } from './components/CallWatcher';
export { RecordingsButton } from './components/RecordingsButton';
