// `cacheComponents` is on, as `create-next-app` 16.4 sets it: Next then prerenders client
// components too, so the chat (AI SDK gives a new chat a random id) and the server part that reads
// the request's search params sit under <Suspense> (app/page.tsx), as the package's README says.
// Next 16.4 asks for `partialPrefetching` beside it (a warning otherwise); the app has no links to
// prefetch, so it stays off.
export default {
  cacheComponents: true,
  partialPrefetching: false,
};
