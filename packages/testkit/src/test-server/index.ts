export type { RecordedRequest } from './recorded-request';
export { compileRoutePattern, type RoutePattern } from './route-pattern';
export {
  startTestServer,
  type TestHandler,
  type TestHandlerContext,
  type TestRoutes,
  type TestServer,
  type TestServerOptions,
} from './start-test-server';
export { formatRetryAfter, type InjectOptions, type TestFault } from './test-fault';
export { type TestBody, type TestReply, writeTestReply } from './test-reply';
