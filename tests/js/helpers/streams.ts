// A stream that says once when it is over: read to its end, failed, or cancelled. The backend
// harnesses count open responses with it, to know when a chat has gone quiet.

export function onStreamEnd<T>(stream: ReadableStream<T>, ended: () => void): ReadableStream<T> {
  let over = false;
  const end = () => {
    if (!over) (over = true), ended();
  };
  const reader = stream.getReader();
  return new ReadableStream<T>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          end();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        end();
        controller.error(error);
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
}
