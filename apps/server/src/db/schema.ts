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
  'login_succeeded' | 'login_failed' | 'login_throttled' | 'token_refreshed' | 'refresh_reuse_detected' | 'logout';

export type FacilityRow = Selectable<FacilityTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type RefreshTokenRow = Selectable<RefreshTokenTable>;
