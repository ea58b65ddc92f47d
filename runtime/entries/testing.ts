/** `fw/testing`: concrete contexts for unit tests of resolvers and interceptors, built without a server. */
export {
  consumerContext,
  httpContext,
  webSocketContext,
} from '../testing/contexts.js';
