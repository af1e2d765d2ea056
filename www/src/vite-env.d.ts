/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_ADK_BACKEND?: string;
  readonly VITE_ADK_SSE_URL?: string;
  readonly VITE_ADK_WS_URL?: string;
}
