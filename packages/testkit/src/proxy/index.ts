export { type ConnectProxy, startConnectProxy } from './start-connect-proxy';
