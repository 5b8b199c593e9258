export { CallWatcher } from './components/CallWatcher';
