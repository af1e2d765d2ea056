// `import 'adk-stream-wasm/explain'` exports nothing: it gives explain()'s `detail` its whole words
// in a production build (development builds have them already).
export {};
