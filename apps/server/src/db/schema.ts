import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

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
}

export interface FacilitySettingsTable {
  facility_id: number;
  login_timeout: Generated<number>;
  info_url: Generated<string>;
  offline_mode: Generated<boolean>;
  custom_dashboards: Generated<boolean>;
  notifications: Generated<boolean>;
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
}

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
}

export interface GroupTable {
  id: Generated<number>;
  facility_id: number;
  name: string;
  description: Generated<string>;
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
  | 'token_refreshed'
  | 'refresh_reuse_detected'
  | 'logout'
  | 'password_changed';

export type FacilityRow = Selectable<FacilityTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type RefreshTokenRow = Selectable<RefreshTokenTable>;
