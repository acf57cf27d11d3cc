export { VERSION } from './version';
