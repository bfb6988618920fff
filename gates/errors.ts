/** A gate config that cannot be used (bad JSON, unknown key, unreadable file, locator not found). */
export class GateConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GateConfigError';
  }
}
