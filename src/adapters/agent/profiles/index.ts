/** The built-in agent profiles (`run --agent <name>`). */
import type { AgentProfile } from '../profile.ts';
import { claudeCode } from './claude-code.ts';
import { geminiCli } from './gemini-cli.ts';
import { qwenCode } from './qwen-code.ts';

export const BUILTIN_PROFILES: Readonly<Record<string, AgentProfile>> = Object.freeze({
  'claude-code': claudeCode,
  'qwen-code': qwenCode,
  'gemini-cli': geminiCli,
});
