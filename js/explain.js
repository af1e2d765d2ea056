// `import 'adk-stream-wasm/explain'`: explain()'s whole words in a production build, which leaves them
// out (development builds have them already: the `development` export condition).
import { describeMalformed, explainDetail } from './words/explain.js';
import { useWords } from './words/words.js';

useWords({ describeMalformed, explainDetail });
