/**
 * The model APIs the kit's model server speaks (src/adapters/agent/server.ts), by the name an agent
 * profile's `wire` gives. A new API: its file in this folder exporting a `Wire`, and one line here.
 */
import { anthropicMessages } from './anthropic-messages.ts';
import { gemini } from './gemini.ts';
import { openaiChat } from './openai-chat.ts';
import type { Wire } from './wire.ts';

export const WIRES = Object.freeze({
  'anthropic-messages': anthropicMessages,
  'openai-chat': openaiChat,
  gemini,
} satisfies Record<string, Wire>);

/** A wire's name (an agent profile's `wire`). */
export type AgentWire = keyof typeof WIRES;
export const AGENT_WIRES: readonly AgentWire[] = Object.freeze(Object.keys(WIRES) as AgentWire[]);
