// The declarations of the TypeScript helpers this package replaces, as the apps that used them
// compiled against them (SPEC §7 lists them): the reference the drop-in declarations are checked
// against in dropin-signatures.test-d.ts. Messages were AI SDK's `UIMessage[]`.
import type { UIMessage } from 'ai';

export type FrontendExecuteCategory = 'geolocation' | 'camera' | 'microphone' | 'notification' | 'clipboard' | 'other';

export interface FrontendExecuteToolDefinition {
  name: string;
  category: FrontendExecuteCategory;
  description?: string;
}

export interface SendAutomaticallyWhenOptions {
  messages: UIMessage[];
  mode?: 'sse' | 'bidi' | 'unknown';
}

export interface ToolExecutorResult {
  success: boolean;
  output?: unknown;
  error?: string;
}

export interface ToolExecutorDependencies {
  bgmChannel?: {
    currentTrack: number;
    switchTrack: () => void;
  };
}

export type ToolExecutor = (input: Record<string, unknown>, deps: ToolExecutorDependencies) => Promise<ToolExecutorResult>;

/** lib/sse and lib/bidi. */
export declare function sendAutomaticallyWhen(options: SendAutomaticallyWhenOptions): boolean;
export declare function sendAutomaticallyWhenCore(options: SendAutomaticallyWhenOptions, log?: (message: string) => void): boolean;
export declare function clearSentApprovalStates(): void;
export declare function extractToolName(part: { type: string; toolName?: string }, fallback?: string): string;
export declare function extractToolNameFromType(type: string): string;
export declare function isToolType(type: string): type is `tool-${string}`;
export declare function registerFrontendExecuteTool(tool: FrontendExecuteToolDefinition): void;
export declare function isFrontendExecuteTool(toolName: string): boolean;
export declare function getFrontendExecuteTools(): FrontendExecuteToolDefinition[];
export declare function getFrontendExecuteToolsByCategory(category: FrontendExecuteCategory): FrontendExecuteToolDefinition[];
export declare function resetFrontendExecuteTools(): void;
export declare function registerToolExecutor(toolName: string, executor: ToolExecutor): void;
export declare function getToolExecutor(toolName: string): ToolExecutor | undefined;
export declare function hasToolExecutor(toolName: string): boolean;
export declare function resetToolExecutors(): void;
export declare function executeGetLocation(): Promise<ToolExecutorResult>;
export declare function executeChangeBgm(input: Record<string, unknown>, deps: ToolExecutorDependencies): Promise<ToolExecutorResult>;
/** lib/hooks (React). */
export declare function useToolExecutors(deps?: ToolExecutorDependencies): {
  execute: (toolName: string, input: Record<string, unknown>) => Promise<ToolExecutorResult>;
  isExecutorAvailable: (toolName: string) => boolean;
};
