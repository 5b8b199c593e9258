export { adminRoute } from './routes';
