import type { ConnectionRegistry } from '../../db/connections';
import type { Clock } from '../../platform/clock';
import { AuditAnchor, checkpointFile } from './audit-anchor';

/** Where and how often each connection's audit trail is anchored outside its database. */
export interface AuditAnchorSettings {
  /** The data folder: checkpoints go to its audit-checkpoints/ folder. */
  dataDir: string;
  /** The signing key (never stored in the database). */
  key: string;
  /** How often new rows are checkpointed. */
  intervalMs: number;
}

/**
 * Each connection's checkpoint file, written every `intervalMs` and once more at close, so a
 * rewrite of rows already checkpointed shows in Verify whoever holds the database.
 */
export class AuditCheckpoints {
  private readonly anchors = new Map<string, AuditAnchor>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly clock: Clock,
    private readonly settings: AuditAnchorSettings,
    private readonly onError: (message: string, error: unknown) => void,
  ) {
    for (const connection of registry.all()) {
      this.anchors.set(
        connection.name,
        new AuditAnchor(checkpointFile(settings.dataDir, connection.name), settings.key),
      );
    }
  }

  /** The anchor of a connection by its name. */
  for(connectionName: string): AuditAnchor | undefined {
    return this.anchors.get(connectionName);
  }

  /** Checkpoints every connection now; a failure is reported and the others still run. */
  async checkpointAll(): Promise<void> {
    await Promise.all(
      this.registry.all().map(async (connection) => {
        try {
          await this.anchors.get(connection.name)?.checkpoint(connection.db, this.clock.now());
        } catch (error) {
          this.onError(`audit checkpoint of ${connection.name} failed`, error);
        }
      }),
    );
  }

  start(): void {
    void this.checkpointAll();
    this.timer = setInterval(() => void this.checkpointAll(), this.settings.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.checkpointAll();
  }
}
