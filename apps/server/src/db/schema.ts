import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/**
 * What a repository reads and writes through: a connection's database, or a transaction on it
 * (the command runner's, when the write is part of a command).
 */
export type Db = Kysely<Database> | Transaction<Database>;

/** Tables of one connection's database. */
export interface Database {
  facilities: FacilityTable;
  users: UserTable;
  user_facilities: { user_id: number; facility_id: number };
  groups: GroupTable;
  user_groups: { user_id: number; group_id: number };
  refresh_tokens: RefreshTokenTable;
  auth_events: AuthEventTable;
  group_permissions: { group_id: number; permission: string };
  permit_groups: PermitGroupTable;
  permit_types: PermitTypeTable;
  facility_settings: FacilitySettingsTable;
  facility_security_settings: { facility_id: number; feature: string; enabled: boolean };
  notifications: NotificationTable;
  seed_steps: { name: string; applied_at: CreatedAt };
  languages: { id: Generated<number>; name: string; code: string; is_default: Generated<boolean> };
  captions: CaptionTable;
  caption_translations: CaptionTranslationTable;
  announcements: AnnouncementTable;
  announcement_groups: { announcement_id: number; group_id: number };
  announcement_acks: { announcement_id: number; user_id: number; acknowledged_at: CreatedAt };
  audit_log: AuditLogTable;
  // 2026-11-24T1100-audit-chain
  audit_chain_heads: AuditChainHeadTable;
  app_settings: AppSettingTable;
  master_list_items: MasterListItemTable;
  areas: AreaTable;
  // 2026-12-03T1000-area-supervisors: who supervises each area (decision 0080)
  area_supervisors: { facility_id: number; area_id: number; user_id: number };
  assets: AssetTable;
  components: ComponentTable;
  energy_sources: EnergySourceTable;
  isolation_points: IsolationPointTable;
  asset_photos: AssetPhotoTable;
  asset_import_files: AssetImportFileTable;
  saml_requests: { request_id: string; created_at: CreatedAt; expires_at: Timestamp };
  saml_assertions_used: { assertion_id: string; used_at: CreatedAt; expires_at: Timestamp };
  sso_tokens: SsoTokenTable;
  // 2026-11-22T1200-numbering and 2026-11-22T1250-tag-report-links
  numbering_patterns: NumberingPatternTable;
  numbering_facility_codes: { facility_id: number; code: string };
  numbering_counters: NumberingCounterTable;
  tag_report_links: TagReportLinkTable;
  // 2026-11-22T1300-questions
  questions: QuestionTable;
  question_versions: QuestionVersionTable;
  question_assignments: QuestionAssignmentTable;
  question_answers: QuestionAnswerTable;
  // 2026-11-22T1410-connection-grants: contracts' connectionPermissions, held per user
  connection_grants: {
    user_id: number;
    permission: string;
    granted_by: number | null;
    granted_at: CreatedAt;
  };
  // 2026-11-24T1000-command-runner: idempotency keys, the domain-event outbox and its deliveries
  idempotency_keys: IdempotencyKeyTable;
  domain_events: DomainEventTable;
  event_deliveries: { event_id: number; consumer: string; delivered_at: CreatedAt };
  // 2026-11-24T1600-permits: permits, their assets and approvals (never deleted: triggers refuse it)
  permits: PermitTable;
  permit_handovers: PermitHandoverTable;
  permit_assets: { permit_id: number; facility_id: number; asset_id: number };
  permit_approvals: PermitApprovalTable;
  // 2026-11-25T1200-permit-expiry-notices: "expires within the hour" sent, per permit and planned end
  permit_expiry_notices: { permit_id: number; planned_end: Timestamp; sent_at: Generated<Date> };
  // 2026-12-02T1200-lock-overdue-notices: the `lock.overdue` notices raised (decision 0076)
  lock_overdue_notices: { lock_application_id: number; planned_end: Timestamp; sent_at: Timestamp };
  // 2026-11-25T1300-permit-index: each user's chosen index columns
  permit_index_columns: { user_id: number; columns: string[]; updated_at: Generated<Date> };
  // 2026-11-27T1300-signatures: approval stages per risk level, e-signatures (never changed), wrong passwords at signing
  approval_stage_configs: { facility_id: number; version: Generated<number> };
  approval_stages: ApprovalStageTable;
  permit_signatures: PermitSignatureTable;
  // 2026-12-09T1300-verb-signatures: a signature that stopped holding, when and why (never changes)
  permit_signature_invalidations: {
    signature_id: number;
    facility_id: number;
    invalidated_at: Timestamp;
    reason: string;
  };
  // 2026-12-09T1000-simops: rules per pair of permit types (lower ID first) and signed overrides (never deleted)
  simops_rules: { facility_id: number; first_type_id: number; second_type_id: number; mode: 'warn' | 'block' };
  simops_overrides: SimopsOverrideTable;
  signature_failures: { id: Generated<number>; user_id: number; failed_at: Timestamp };
  // 2026-11-28T1500-sso-signatures: signings at the identity provider, from the button to the signature
  signature_intents: SignatureIntentTable;
  // 2026-12-10T0900-signing-seal-keys: the key pairs offline signatures are sealed with (newest is current)
  signing_seal_keys: {
    id: Generated<number>;
    public_key: string;
    private_key: string;
    created_at: CreatedAt;
  };
  // 2026-11-26T0900-loto: locks, isolation plans and points, lockboxes, lock applications, tags,
  // abandoned removals (never deleted: triggers refuse it). States: packages/contracts/src/loto.ts.
  locks: LockTable;
  permit_isolation_plans: PermitIsolationPlanTable;
  permit_isolation_points: PermitIsolationPointTable;
  lockboxes: LockboxTable;
  lock_applications: LockApplicationTable;
  tags: TagTable;
  abandoned_removals: AbandonedRemovalTable;
  // 2026-11-27T1400-attachments: photos and documents on permits (never deleted; bytes here or in a folder)
  permit_attachments: PermitAttachmentTable;
  // 2026-11-28T1000-offline-sync
  sync_commands: SyncCommandTable;
  sync_local_ids: SyncLocalIdTable;
  sync_local_records: SyncLocalRecordTable;
  permit_attachment_blobs: { attachment_id: number; content: Buffer; thumbnail: Buffer | null };
  // 2026-11-27T1200-gas-tests: gas parameters and instruments, permits' gas tests and readings
  gas_parameters: GasParameterTable;
  gas_instruments: GasInstrumentTable;
  permit_gas_tests: PermitGasTestTable;
  permit_gas_readings: PermitGasReadingTable;
  // 2026-11-27T1000-hazard-analysis: each facility's risk matrix, a permit's analysis and its lines
  // and controls (taken off with removed_at, never deleted: triggers refuse it)
  hazard_risk_matrices: HazardRiskMatrixTable;
  permit_hazard_analyses: {
    permit_id: number;
    facility_id: number;
    version: Generated<number>;
    updated_at: Generated<Date>;
  };
  hazard_analysis_lines: HazardAnalysisLineTable;
  hazard_analysis_controls: HazardAnalysisControlTable;
  // 2026-12-01T0900-printing: each facility's style of each catalogue tag layout
  tag_layouts: TagLayoutTable;
  // 2026-12-02T0900-print-records: permits' job-site copies and lockbox labels marked printed (decision 0074)
  print_records: PrintRecordTable;
  // 2026-12-01T1100-reports: report definitions and the files generated from them
  report_definitions: ReportDefinitionTable;
  report_files: ReportFileTable;
  // 2026-12-01T1300-notification-templates
  notification_templates: NotificationTemplateTable;
  notification_emails: NotificationEmailTable;
  notification_opt_outs: { user_id: number; event: string };
  // 2026-12-02T1000-dashboards
  dashboard_layouts: DashboardLayoutTable;
  dashboard_default_layouts: DashboardDefaultLayoutTable;
  // 2026-12-02T1100-connect: Hasp Connect's keys and webhooks
  api_keys: ApiKeyTable;
  webhook_subscriptions: WebhookSubscriptionTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
}

/** A user's dashboard in a facility (items: contracts' DashboardLayout['items']). */
export interface DashboardLayoutTable {
  facility_id: number;
  user_id: number;
  items: ColumnType<unknown, string, string>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

/** A facility's default dashboard, set by an administrator. */
export interface DashboardDefaultLayoutTable {
  facility_id: number;
  items: ColumnType<unknown, string, string>;
  version: Generated<number>;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface ApiKeyTable {
  id: Generated<number>;
  facility_id: number;
  lookup_id: string;
  name: string;
  permissions: string[];
  secret_hash: string;
  previous_secret_hash: string | null;
  previous_valid_until: Date | null;
  expires_at: Timestamp;
  created_by: number;
  created_at: Timestamp;
  revoked_at: Date | null;
  revoked_by: number | null;
  last_used_at: Date | null;
  last_used_address: string | null;
  version: Generated<number>;
}

export interface WebhookSubscriptionTable {
  id: Generated<number>;
  facility_id: number;
  name: string;
  url: string;
  events: string[];
  secret: string;
  is_active: boolean;
  disabled_reason: string | null;
  consecutive_failures: Generated<number>;
  created_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface WebhookDeliveryTable {
  id: Generated<number>;
  facility_id: number;
  subscription_id: number;
  event_id: string | number | null;
  event: string;
  body: string;
  state: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  last_status_code: number | null;
  created_at: Timestamp;
  delivered_at: Date | null;
}

export interface WebhookAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: Timestamp;
  status_code: number | null;
  error: string | null;
  response: string;
  duration_ms: number;
}

export interface TagLayoutTable {
  facility_id: number;
  layout_key: string;
  name: string;
  band_colour: string;
  band_text_colour: string;
  body_colour: string;
  legend_item_id: number | null;
  fields: string[];
  version: Generated<number>;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface ReportDefinitionTable {
  id: Generated<number>;
  facility_id: number;
  name: string;
  kind: string;
  columns: string[];
  filters: ColumnType<unknown, string, string>;
  format: 'xlsx' | 'pdf';
  schedule: ColumnType<unknown, string | null, string | null>;
  recipients: string[];
  next_run_at: Date | null;
  created_by: number;
  updated_by: number;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface NotificationTemplateTable {
  facility_id: number;
  event: string;
  channels: string[];
  recipients: string[];
  group_ids: Generated<number[]>;
  /** [{ language, subject, body }], English first. */
  texts: ColumnType<unknown, string, string>;
  version: Generated<number>;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface NotificationEmailTable {
  id: Generated<number>;
  facility_id: number;
  /** `event:<domain event id>` or `sync:<server seq>`: one e-mail per source and reader. */
  source: string;
  event: string;
  user_id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  state: Generated<'queued' | 'sent' | 'failed'>;
  error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}

export interface ReportFileTable {
  id: Generated<number>;
  facility_id: number;
  report_id: number | null;
  name: string;
  kind: string;
  format: 'xlsx' | 'pdf';
  definition: ColumnType<unknown, string, never>;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  rows: Generated<number>;
  error: string | null;
  generated_by: number | null;
  recipients: string[];
  content: Buffer | null;
  size: number | null;
  created_at: Timestamp;
  finished_at: Date | null;
  /** When the running file was claimed or last progressed (a stale one is taken over). */
  claimed_at: Date | null;
  mail_state: Generated<'none' | 'pending' | 'sent' | 'failed' | 'off'>;
  mail_error: string | null;
}

export interface PermitAttachmentTable {
  id: Generated<number>;
  facility_id: number;
  permit_id: number;
  kind: 'photo' | 'document';
  content_type: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  display_name: string;
  byte_size: number;
  width: number | null;
  height: number | null;
  has_thumbnail: boolean;
  storage: 'database' | 'folder';
  sha256: string;
  attached_by: number;
  attached_at: Timestamp;
  removed_by: number | null;
  removed_at: Date | null;
  remove_reason: string | null;
  version: Generated<number>;
}

type Who = number | null;
type When = Date | null;

export interface LockTable {
  id: Generated<number>;
  facility_id: number;
  serial: string;
  kind: 'padlock' | 'hasp' | 'lockbox' | 'valve' | 'breaker';
  colour_item_id: number | null;
  owner_id: number | null;
  /** A pool lock handed to one permit of the facility (2026-12-13T0900-assigned-locks); void once it ends. */
  assigned_permit_id: number | null;
  status: Generated<'available' | 'issued' | 'in_use' | 'lost' | 'retired'>;
  note: Generated<string>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface PermitIsolationPlanTable {
  permit_id: number;
  facility_id: number;
  notified_by: Who;
  notified_at: When;
  shut_down_by: Who;
  shut_down_at: When;
  stored_energy_released_by: Who;
  stored_energy_released_at: When;
  area_inspected_by: Who;
  area_inspected_at: When;
  people_clear_by: Who;
  people_clear_at: When;
  release_notified_by: Who;
  release_notified_at: When;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface PermitIsolationPointTable {
  id: Generated<number>;
  facility_id: number;
  permit_id: number;
  isolation_point_id: number;
  position: number;
  state: Generated<'pending' | 'isolated' | 'verified' | 'test_released' | 'released' | 'restored'>;
  removed_at: When;
  removed_by: Who;
  isolated_at: When;
  isolated_by: Who;
  verified_at: When;
  verified_by: Who;
  verify_method: string | null;
  verify_result: string | null;
  test_released_at: When;
  test_released_by: Who;
  released_at: When;
  released_by: Who;
  restored_at: When;
  restored_by: Who;
  version: Generated<number>;
  // 2026-12-12T0900-lock-tag-and-try-out: the last failed try-out while not verified
  try_out_failed_at: When;
  try_out_failed_by: Who;
}

export interface LockboxTable {
  id: Generated<number>;
  facility_id: number;
  permit_id: number;
  number: string;
  lock_id: number | null;
  primary_user_id: number;
  keys_deposited_at: When;
  keys_deposited_by: Who;
  released_at: When;
  released_by: Who;
  created_at: CreatedAt;
  version: Generated<number>;
}

export interface LockApplicationTable {
  id: Generated<number>;
  facility_id: number;
  lock_id: number;
  permit_id: number;
  plan_point_id: number | null;
  lockbox_id: number | null;
  applied_by: number;
  applied_at: Timestamp;
  removed_at: When;
  removed_by: Who;
  removal: 'removed' | 'abandoned' | 'transferred' | null;
  transferred_to: number | null;
}

export interface TagTable {
  id: Generated<number>;
  facility_id: number;
  number: string;
  permit_id: number;
  plan_point_id: number | null;
  lock_application_id: number | null;
  legend_item_id: number | null;
  reason: Generated<string>;
  state: Generated<'planned' | 'printed' | 'applied' | 'verified' | 'removed' | 'voided' | 'missing'>;
  printed_at: When;
  applied_at: When;
  applied_by: Who;
  verified_at: When;
  verified_by: Who;
  removed_at: When;
  removed_by: Who;
  voided_at: When;
  voided_by: Who;
  void_reason: string | null;
  missing_at: When;
  missing_by: Who;
  replaces_tag_id: number | null;
  status_token: string;
  status_token_revoked_at: When;
  version: Generated<number>;
  created_at: CreatedAt;
  // 2026-12-01T0900-printing: printed again (each reprint's reason is in the audit trail)
  reprint_count: Generated<number>;
  reprinted_at: When;
  // 2026-12-12T0900-lock-tag-and-try-out: the lock it was hung with
  lock_serial: string | null;
  // 2026-12-16T0900-tag-notes: notes for the next person at the point, oldest first
  notes: Generated<TagNoteRow[]>;
}

/** One note on a tag as the `notes` column keeps it (who by id: the view names them). */
export interface TagNoteRow {
  text: string;
  byId: number;
  at: string;
}

export interface AbandonedRemovalTable {
  id: Generated<number>;
  facility_id: number;
  permit_id: number;
  lock_application_id: number | null;
  tag_id: number | null;
  applier_id: number;
  supervisor_id: number;
  applier_not_on_site: boolean;
  attempts: ColumnType<unknown, string, string>;
  reason: string;
  removed_at: Timestamp;
  acknowledged_at: When;
}

/** The lifecycle's states (the check constraint of 2026-11-24T1600-permits lists the same). */
export type PermitStatusColumn =
  | 'draft'
  | 'requested'
  | 'approved'
  | 'isolated'
  | 'issued'
  | 'active'
  | 'suspended'
  | 'live_for_test'
  | 'work_complete'
  | 'de_isolation'
  | 'closed'
  | 'cancelled'
  | 'expired';

export interface PermitTable {
  id: Generated<number>;
  facility_id: number;
  permit_type_id: number;
  number: string;
  status: Generated<PermitStatusColumn>;
  area_id: number | null;
  title: string;
  description: Generated<string>;
  work_method: Generated<string>;
  planned_start: Timestamp;
  planned_end: Timestamp;
  requester_id: number;
  holder_id: number | null;
  issuer_id: number | null;
  revision: Generated<number>;
  version: Generated<number>;
  extension_count: Generated<number>;
  voided_at: Date | null;
  void_reason: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  /** Generated (lower-cased number, title, description, work method): the free-text search reads it. Null-typed as the database reports any generated column. */
  search_text: ColumnType<string | null, never, never>;
  // 2026-11-25T0900-permit-lifecycle
  risk_level: 'low' | 'medium' | 'high' | null;
  /** The reason of the last suspension or the cancellation. */
  status_reason: string | null;
  // 2026-12-02T1100-connect: the work order it was made from (Hasp Connect), unique in the facility
  external_reference: ColumnType<string | null, string | null | undefined, string | null | undefined>;
  // 2026-12-09T0900-permit-returns: returned for rework (all four or none), until requested again
  returned_by: ColumnType<number | null, number | null | undefined, number | null | undefined>;
  returned_at: ColumnType<Date | null, Date | null | undefined, Date | null | undefined>;
  return_reason_item_id: ColumnType<number | null, number | null | undefined, number | null | undefined>;
  return_note: ColumnType<string | null, string | null | undefined, string | null | undefined>;
  // 2026-12-11T0900-permit-handovers: the hand-over whose notes the incoming holder has not yet acknowledged
  pending_handover_id: ColumnType<number | null, number | null | undefined, number | null | undefined>;
}

/** 2026-12-11T0900-permit-handovers: a hand-over's notes, kept as written; acknowledged once. */
export interface PermitHandoverTable {
  id: Generated<number>;
  facility_id: number;
  permit_id: number;
  from_holder_id: number | null;
  to_holder_id: number;
  handed_over_by: number;
  handed_over_at: Date;
  abnormal_conditions: string;
  work_remaining: string;
  /** [{ ID, serial }] of the locks that stay on, as named then. */
  locks_staying: ColumnType<{ ID: number; serial: string }[], string, never>;
  acknowledged_by: ColumnType<number | null, never, number>;
  acknowledged_at: ColumnType<Date | null, never, Date>;
}

export interface PermitApprovalTable {
  id: Generated<number>;
  permit_id: number;
  facility_id: number;
  user_id: number;
  approved_at: Timestamp;
  cleared_at: Date | null;
}

export interface IdempotencyKeyTable {
  user_id: number;
  key: string;
  command: string;
  request_hash: string;
  response: unknown;
  version: number;
  created_at: CreatedAt;
}

export interface DomainEventTable {
  /** bigserial, read as a number (connections.ts parses int8). */
  id: Generated<number>;
  name: string;
  facility_id: number | null;
  entity_type: string;
  entity_id: string | null;
  payload: unknown;
  request_id: string | null;
  created_at: CreatedAt;
}

/** One-time token handed to the login screen after a SAML sign-in; stored as a SHA-256 hash. */
export interface SsoTokenTable {
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AppSettingTable {
  id: Generated<number>;
  key: string;
  facility_id: number | null;
  value: unknown;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface AuditLogTable {
  id: Generated<string>;
  occurred_at: CreatedAt;
  facility_id: number | null;
  user_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  // 2026-11-24T1100-audit-chain: filled by the chain trigger (whatever an insert says is replaced)
  chain: ColumnType<number, never, never>;
  chain_seq: ColumnType<number, never, never>;
  prev_hash: ColumnType<string, never, never>;
  row_hash: ColumnType<string, never, never>;
  // 2026-11-24T1100-audit-chain: what (field), where (address, device), why (reason), offline times
  field: ColumnType<string | null, string | null | undefined, never>;
  address: ColumnType<string | null, string | null | undefined, never>;
  device_id: ColumnType<string | null, string | null | undefined, never>;
  request_id: ColumnType<string | null, string | null | undefined, never>;
  reason: ColumnType<string | null, string | null | undefined, never>;
  device_time: ColumnType<Date | null, Date | string | null | undefined, never>;
  sync_time: ColumnType<Date | null, Date | string | null | undefined, never>;
}

/** 2026-11-24T1100-audit-chain: each audit chain's last position and hash (moved by audit_log's triggers). */
export interface AuditChainHeadTable {
  chain: number;
  last_seq: number;
  last_hash: string;
  updated_at: Date;
}

export interface CaptionTable {
  id: Generated<number>;
  item_type: string;
  form_name: string;
  control_name: string;
  default_caption: string;
}

export interface CaptionTranslationTable {
  caption_id: number;
  language_id: number;
  preferred_caption: string;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface AnnouncementTable {
  id: Generated<number>;
  facility_id: number;
  title: string;
  body_html: string;
  author_id: number;
  valid_from: Timestamp;
  valid_to: Timestamp | null;
  status: Generated<'draft' | 'published' | 'expired' | 'archived'>;
  requires_ack: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  /** 2026-12-15T0900-announcement-question-versions: moved by every change (the commands' If-Match). */
  version: Generated<number>;
}

export interface PermitGroupTable {
  id: Generated<number>;
  facility_id: number;
  name: string;
  icon: Generated<string>;
  sort_order: Generated<number>;
}

export interface PermitTypeTable {
  id: Generated<number>;
  facility_id: number;
  permit_group_id: number;
  code: string;
  name: string;
  icon: Generated<string>;
  color: Generated<string>;
  prefix: string;
  offline_enabled: Generated<boolean>;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  // 2026-11-22T1000-permit-type-config
  /** Known section names only (a check constraint): see permitSections in contracts. */
  sections: Generated<string[]>;
  max_validity_hours: Generated<number>;
  // 2026-11-25T0900-permit-lifecycle
  max_extensions: Generated<number>;
  // 2026-11-26T0900-loto: each crew member's personal lock carries its own tag
  tag_per_personal_lock: Generated<boolean>;
  // 2026-11-27T1200-gas-tests: minutes a gas test stays fresh for issue and revalidate
  gas_retest_minutes: Generated<number>;
  // 2026-11-27T1000-hazard-analysis: `request` needs a complete hazard analysis
  hazard_analysis_required: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface FacilitySettingsTable {
  facility_id: number;
  login_timeout: Generated<number>;
  info_url: Generated<string>;
  offline_mode: Generated<boolean>;
  custom_dashboards: Generated<boolean>;
  notifications: Generated<boolean>;
  /** 2026-11-24T1000-command-runner: the facility configuration's version (commands lock this row). */
  version: Generated<number>;
}

export interface NotificationTable {
  id: Generated<number>;
  facility_id: number;
  user_id: number;
  title: string;
  body: Generated<string>;
  link: string | null;
  sent_date: CreatedAt;
  seen_date: Timestamp | null;
  deleted_at: Timestamp | null;
}

export interface FacilityTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  is_active: Generated<boolean>;
  time_zone: Generated<string>;
  created_at: CreatedAt;
  address: Generated<string>;
  default_language_id: number | null;
  logo: Buffer | null;
  logo_type: FacilityLogoType | null;
  logo_updated_at: Timestamp | null;
}

export type FacilityLogoType = 'image/png' | 'image/jpeg' | 'image/svg+xml';

export interface UserTable {
  id: Generated<number>;
  user_name: string;
  display_name: string;
  email: string | null;
  password_hash: string | null;
  is_active_directory_user: Generated<boolean>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  language_id: Generated<number | null>;
  /** Set by a password reset (one-time password): the user must choose a new one before using the app. */
  must_change_password: Generated<boolean>;
  /** 2026-11-24T1000-command-runner: bumped by every command on the user (stale edits refused). */
  version: Generated<number>;
  /** Failed sign-ins in a row; a success resets it. */
  failed_login_count: Generated<number>;
  /** When the account was locked after too many failed sign-ins; null when it is not locked. */
  locked_at: Timestamp | null;
  /** 2026-12-13T1100-tag-applier-prefill: the department or crew a tag names beside its applier; null when not given. */
  department: string | null;
  /** 2026-12-13T1100-tag-applier-prefill: how to reach the user at work (phone, radio channel), printed on their tags. */
  contact: string | null;
}

export interface GroupTable {
  id: Generated<number>;
  facility_id: number;
  name: string;
  description: Generated<string>;
  /** 2026-11-24T1000-command-runner: bumped by every command on the group. */
  version: Generated<number>;
}

export interface RefreshTokenTable {
  id: Generated<string>;
  family_id: string;
  user_id: number;
  facility_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  family_expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  user_agent: string | null;
  ip: string | null;
  /** The family was opened by single sign-on (SAML). */
  via_sso: Generated<boolean>;
}

export interface AuthEventTable {
  id: Generated<string>;
  occurred_at: CreatedAt;
  kind: AuthEventKind;
  user_name: string | null;
  user_id: number | null;
  facility_id: number | null;
  ip: string | null;
  detail: string | null;
}

export type AuthEventKind =
  | 'login_succeeded'
  | 'login_failed'
  | 'login_throttled'
  | 'login_locked'
  | 'token_refreshed'
  | 'refresh_reuse_detected'
  | 'logout'
  | 'password_changed'
  | 'directory_unavailable'
  | 'sso_succeeded'
  | 'sso_failed';

export type FacilityRow = Selectable<FacilityTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type RefreshTokenRow = Selectable<RefreshTokenTable>;

// Assets (migration 2026-11-22T0900-assets)

export interface MasterListItemTable {
  id: Generated<number>;
  facility_id: number;
  list_key: string;
  value: string;
  sort_order: Generated<number>;
  is_active: Generated<boolean>;
  version: Generated<number>;
}

export interface AreaTable {
  id: Generated<number>;
  facility_id: number;
  parent_area_id: number | null;
  number: string;
  name: string;
  description: Generated<string>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface AssetTable {
  id: Generated<number>;
  facility_id: number;
  area_id: number;
  parent_asset_id: number | null;
  number: string;
  description: string;
  manufacturer: Generated<string>;
  location: Generated<string>;
  loto_required: Generated<boolean>;
  status: Generated<'in_service' | 'out_of_service' | 'retired'>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ComponentTable {
  id: Generated<number>;
  facility_id: number;
  asset_id: number;
  number: string;
  name: string;
  description: Generated<string>;
  is_active: Generated<boolean>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface EnergySourceTable {
  id: Generated<number>;
  facility_id: number;
  component_id: number;
  energy_type_item_id: number;
  /** numeric: pg returns it as a string. */
  magnitude: ColumnType<string | null, number | string | null, number | string | null>;
  unit: Generated<string>;
  stored_energy: Generated<boolean>;
  description: Generated<string>;
  is_active: Generated<boolean>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface IsolationPointTable {
  id: Generated<number>;
  facility_id: number;
  component_id: number;
  asset_id: number;
  code: string;
  device_type_item_id: number;
  location: Generated<string>;
  normal_position: Generated<string>;
  isolated_position: Generated<string>;
  lockable: Generated<boolean>;
  tag_only_measure: Generated<string>;
  verification_method: Generated<string>;
  photo_id: number | null;
  is_active: Generated<boolean>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface AssetPhotoTable {
  id: Generated<number>;
  facility_id: number;
  asset_id: number | null;
  content_type: string;
  byte_size: number;
  file_name: Generated<string>;
  data: Buffer;
  is_active: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface AssetImportFileTable {
  id: Generated<number>;
  facility_id: number;
  file_name: string;
  format: 'csv' | 'xlsx';
  byte_size: number;
  content: Buffer;
  parsed: unknown;
  status: 'uploaded' | 'invalid' | 'valid' | 'committed' | 'failed';
  counts: Generated<unknown>;
  issues: Generated<unknown>;
  issue_count: Generated<number>;
  result_message: string | null;
  uploaded_by: number;
  uploaded_at: CreatedAt;
  committed_at: Date | null;
}

// --- 2026-11-22T1300-questions: Question Manage (versions are immutable; answers point at a version) ---

export interface QuestionTable {
  id: Generated<number>;
  facility_id: number;
  current_version_id: number | null;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  /** 2026-12-15T0900-announcement-question-versions: the row's, moved by every change (not the text's version). */
  version: Generated<number>;
}

export interface QuestionVersionTable {
  id: Generated<number>;
  question_id: number;
  version: number;
  text: string;
  answer_type: 'yes_no_na' | 'text' | 'number' | 'date' | 'choice';
  /** A JSON array of strings (the options of a choice question). */
  choices: ColumnType<string[], string, never>;
  is_mandatory: boolean;
  blocking_answer: string | null;
  /** numeric: PostgreSQL sends it as a string. */
  min_value: ColumnType<string | null, number | null, never>;
  max_value: ColumnType<string | null, number | null, never>;
  /** 2026-12-13T1100-tag-applier-prefill: the system fact a number question is answered from (contracts' questionFacts); null: none. */
  fact: ColumnType<string | null, string | null, never>;
  created_by: number;
  created_at: CreatedAt;
}

export interface QuestionAssignmentTable {
  id: Generated<number>;
  facility_id: number;
  question_id: number;
  permit_type_id: number;
  stage: 'request' | 'issue' | 'acceptance' | 'close-out';
  sort_order: number;
}

export interface QuestionAnswerTable {
  id: Generated<number>;
  facility_id: number;
  question_version_id: number;
  subject: string;
  answer: string | null;
  answered_by: number;
  answered_at: CreatedAt;
  // 2026-11-27T1100-permit-questions: a permit's answer (null for other subjects)
  permit_id: number | null;
  question_id: number | null;
  stage: 'request' | 'issue' | 'acceptance' | 'close-out' | null;
}

// 2026-11-22T1200-numbering: numbering patterns and counters (Prefix Manage).
export interface NumberingPatternTable {
  facility_id: number;
  /** 'tag', 'lockbox' or 'permit-type:<id>'. */
  subject: string;
  pattern: string;
  yearly_reset: Generated<boolean>;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface NumberingCounterTable {
  facility_id: number;
  subject: string;
  /** The year when the subject starts again each year, else 0. */
  period: number;
  /** The last number allocated (bigint: pg returns it as a string). */
  value: ColumnType<string, number | string, number | string>;
}

// 2026-11-22T1250-tag-report-links: print layout and report per tag type and permit type.
export interface TagReportLinkTable {
  id: Generated<number>;
  facility_id: number;
  /** 'tag:<tag type>' or 'permit-type:<id>'. */
  subject: string;
  layout_key: string;
  report_key: string;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

// 2026-11-27T1200-gas-tests
export interface GasParameterTable {
  id: Generated<number>;
  facility_id: number;
  code: string;
  name: string;
  unit: string;
  low_limit: number | null;
  high_limit: number | null;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
}

export interface GasInstrumentTable {
  id: Generated<number>;
  facility_id: number;
  name: string;
  serial: string;
  /** A date column: pg returns a Date at local midnight unless parsed as text (the repository casts it). */
  calibration_due: ColumnType<string, string, string>;
  is_active: Generated<boolean>;
}

export interface PermitGasTestTable {
  id: Generated<number>;
  facility_id: number;
  permit_id: number;
  tested_at: Date;
  location: string;
  instrument_id: number;
  calibration_due: ColumnType<string, string, string>;
  tester_id: number | null;
  tester_name: string;
  recorded_by: number;
  recorded_at: Date;
  in_limits: boolean;
  voided_at: Date | null;
  voided_by: number | null;
  void_reason: string | null;
}

export interface PermitGasReadingTable {
  id: Generated<number>;
  facility_id: number;
  test_id: number;
  parameter_id: number;
  code: string;
  name: string;
  unit: string;
  value: number;
  low_limit: number | null;
  high_limit: number | null;
  in_limits: boolean;
}

/** 2026-11-27T1300-signatures: one approval stage of a facility's risk level. */
export interface ApprovalStageTable {
  id: Generated<number>;
  facility_id: number;
  risk_level: 'low' | 'medium' | 'high';
  position: number;
  name: string;
  meaning: string;
  group_id: number | null;
}

/** 2026-11-27T1300-signatures: an electronic signature of one stage of one permit revision. */
export interface PermitSignatureTable {
  id: Generated<number>;
  facility_id: number;
  permit_id: number;
  permit_revision: number;
  /** 2026-12-09T1300-verb-signatures: null unless the signature is an approval's (which signs a stage). */
  stage_position: number | null;
  stage_name: string | null;
  /** 2026-12-09T1300-verb-signatures: what it signs (contracts' SignatureVerb). */
  verb: 'approve' | 'issue' | 'accept' | 'hand-over' | 'complete-work' | 'abandoned-removal';
  meaning: string;
  signer_id: number;
  signer_name: string;
  signed_at: Timestamp;
  time_zone: string;
  method: 'password' | 'directory' | 'sso';
  content_hash: string;
  /** 2026-11-28T1500-sso-signatures: where an 'sso' signer signed in again, and when the IdP says it was. */
  idp_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  idp_authn_instant: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 2026-12-10T1000-signature-device-time: when a signature sealed offline was typed (the device's clock). */
  device_signed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

// 2026-11-28T1500-sso-signatures
export interface SignatureIntentTable {
  id: Generated<number>;
  token_hash: string;
  facility_id: number;
  user_id: number;
  permit_id: number;
  permit_revision: number;
  /** 2026-12-09T1300-verb-signatures: the verb signed; the stage only for an approval's. */
  verb: PermitSignatureTable['verb'];
  stage_position: number | null;
  content_hash: string;
  request_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  authenticated_at: Timestamp | null;
  authn_instant: Timestamp | null;
  idp_issuer: string | null;
  refused_at: Timestamp | null;
  used_at: Timestamp | null;
}

// 2026-11-27T1000-hazard-analysis
export interface HazardRiskMatrixTable {
  facility_id: number;
  severity_labels: string[];
  likelihood_labels: string[];
  /** jsonb: cells[severity - 1][likelihood - 1] risk levels. */
  cells: ColumnType<('low' | 'medium' | 'high')[][], string, string>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface HazardAnalysisLineTable {
  id: Generated<number>;
  facility_id: number;
  permit_id: number;
  position: number;
  job_step: string;
  hazard_item_id: number;
  severity: number;
  likelihood: number;
  risk: 'low' | 'medium' | 'high';
  residual_severity: number | null;
  residual_likelihood: number | null;
  residual_risk: 'low' | 'medium' | 'high' | null;
  created_by: number;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  removed_by: number | null;
  removed_at: Date | null;
}

export interface HazardAnalysisControlTable {
  id: Generated<number>;
  facility_id: number;
  line_id: number;
  position: number;
  control_item_id: number | null;
  text: Generated<string>;
  removed_at: Date | null;
}

/** 2026-11-28T1000-offline-sync: a device command the server decided on (decision 0055). */
export interface SyncCommandTable {
  server_seq: ColumnType<string, never, never>;
  facility_id: number;
  user_id: number;
  device_id: string;
  device_seq: number;
  idempotency_key: string;
  request_hash: string;
  name: string;
  target: string;
  permit_id: number | null;
  aggregate: string | null;
  base_version: number | null;
  input: unknown;
  device_time: Date;
  synced_at: Date;
  outcome: 'applied' | 'conflict' | 'rejected';
  version_after: number | null;
  result: unknown;
  error: unknown;
  server_version: number | null;
  server_state: unknown;
  resolved_at: Date | null;
  resolved_by: number | null;
  resolution: string | null;
  version: Generated<number>;
}

/** 2026-11-28T1000-offline-sync: a permit created offline → the permit the server made. */
export interface SyncLocalIdTable {
  facility_id: number;
  local_id: string;
  user_id: number;
  permit_id: number;
  number: string;
  /** 2026-11-30T0900-sync-provisional-number: the number the device showed until sync. */
  provisional_number: string | null;
}

/** 2026-11-29T1400-sync-local-records: a record made offline (a lock application) → the server's. */
export interface SyncLocalRecordTable {
  facility_id: number;
  local_id: string;
  kind: string;
  user_id: number;
  record_id: number;
}

export interface PrintRecordTable {
  facility_id: number;
  kind: 'permit' | 'lockbox' | 'lock';
  subject_id: number;
  /** The permit printed for; null for a lock label (2026-12-13T1000-lock-label-prints). */
  permit_id: number | null;
  printed_revision: number | null;
  printed_extension_count: number | null;
  printed_holder_id: number | null;
  /** A lockbox label: the lock serials it listed (whose keys are in the box); a lock label: its serial; null for a permit. */
  printed_keys: string[] | null;
  printed_at: Timestamp;
  printed_by: number;
  reprint_count: Generated<number>;
  reprinted_at: Date | null;
  version: Generated<number>;
}

export interface SimopsOverrideTable {
  id: Generated<number>;
  facility_id: number;
  permit_id: number;
  other_permit_id: number;
  command: 'approve' | 'issue';
  reason: string;
  signer_id: number;
  signer_name: string;
  signed_at: Timestamp;
}
