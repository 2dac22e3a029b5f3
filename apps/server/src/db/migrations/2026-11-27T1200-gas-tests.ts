import { sql, type Kysely } from 'kysely';

/**
 * Gas tests (decision 0049): the facility's gas parameters (code, unit, limits)
 * and instruments (serial, calibration due date), each permit's tests and their readings, and the
 * permit type's re-test interval. A reading copies the parameter's code, name, unit and limits as
 * they were when it was taken, so a later change of limits does not rewrite a test. Tests and
 * readings are never deleted (a test entered in error is voided with a reason).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table permit_types add column gas_retest_minutes integer not null default 120
      check (gas_retest_minutes between 5 and 1440);

    create table gas_parameters (
      id serial primary key,
      facility_id integer not null references facilities(id),
      code text not null,
      name text not null,
      unit text not null,
      low_limit double precision,
      high_limit double precision,
      is_active boolean not null default true,
      sort_order integer not null default 0,
      constraint gas_parameters_facility_uq unique (facility_id, id),
      constraint gas_parameters_limits_ck check (
        (low_limit is not null or high_limit is not null)
        and (low_limit is null or high_limit is null or low_limit < high_limit))
    );
    create unique index gas_parameters_code_uq on gas_parameters (facility_id, lower(code));

    create table gas_instruments (
      id serial primary key,
      facility_id integer not null references facilities(id),
      name text not null,
      serial text not null,
      calibration_due date not null,
      is_active boolean not null default true,
      constraint gas_instruments_facility_uq unique (facility_id, id)
    );
    create unique index gas_instruments_serial_uq on gas_instruments (facility_id, lower(serial));

    create table permit_gas_tests (
      id serial primary key,
      facility_id integer not null,
      permit_id integer not null,
      tested_at timestamptz not null,
      location text not null,
      instrument_id integer not null,
      -- The instrument's calibration due date when the test was taken.
      calibration_due date not null,
      tester_id integer references users(id),
      tester_name text not null,
      recorded_by integer not null references users(id),
      recorded_at timestamptz not null,
      in_limits boolean not null,
      voided_at timestamptz,
      voided_by integer references users(id),
      void_reason text,
      constraint permit_gas_tests_facility_uq unique (facility_id, id),
      constraint permit_gas_tests_permit_fk foreign key (facility_id, permit_id) references permits(facility_id, id),
      constraint permit_gas_tests_instrument_fk foreign key (facility_id, instrument_id)
        references gas_instruments(facility_id, id),
      constraint permit_gas_tests_void_ck check ((voided_at is null) = (void_reason is null))
    );
    create index permit_gas_tests_permit_ix on permit_gas_tests (permit_id, tested_at desc);

    create table permit_gas_readings (
      id serial primary key,
      facility_id integer not null,
      test_id integer not null,
      parameter_id integer not null,
      code text not null,
      name text not null,
      unit text not null,
      value double precision not null,
      low_limit double precision,
      high_limit double precision,
      in_limits boolean not null,
      constraint permit_gas_readings_test_fk foreign key (facility_id, test_id) references permit_gas_tests(facility_id, id),
      constraint permit_gas_readings_parameter_fk foreign key (facility_id, parameter_id)
        references gas_parameters(facility_id, id),
      constraint permit_gas_readings_once_uq unique (test_id, parameter_id)
    );

    create trigger permit_gas_tests_no_delete before delete on permit_gas_tests
      for each row execute function hasp_refuse_delete();
    create trigger permit_gas_tests_no_truncate before truncate on permit_gas_tests
      for each statement execute function hasp_refuse_delete();
    create trigger permit_gas_readings_no_delete before delete on permit_gas_readings
      for each row execute function hasp_refuse_delete();
    create trigger permit_gas_readings_no_truncate before truncate on permit_gas_readings
      for each statement execute function hasp_refuse_delete();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table permit_gas_readings;
    drop table permit_gas_tests;
    drop table gas_instruments;
    drop table gas_parameters;
    alter table permit_types drop column gas_retest_minutes;
  `.execute(db);
}
