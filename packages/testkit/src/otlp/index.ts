export { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './start-otlp-receiver';
