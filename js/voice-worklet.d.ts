// The worklet module is a script for the audio thread, not an import: nothing to type.
export {};
