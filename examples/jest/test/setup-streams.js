// happy-dom brings a TransformStream of its own, and Node's ReadableStream (which AI SDK's streams
// are) refuses it in pipeThrough ("transform.readable must be an instance of ReadableStream"): the
// web streams of one realm, Node's, for every test. Jest's `setupFiles` (jest.config.json).
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';

Object.assign(globalThis, { ReadableStream, TransformStream, WritableStream });
