import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Operations1795261985807 implements MigrationInterface {
  name = 'Operations1795261985807';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "department" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL, "identifier" character varying(100), "description" text NOT NULL DEFAULT '', "branch_id" integer NOT NULL, "division_id" integer, CONSTRAINT "PK_9a2213262c1593bffb581e382f5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_department_identifier" ON "department"  ("identifier") WHERE identifier IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "ix_department_branch" ON "department"  ("branch_id") `);
    await queryRunner.query(
      `CREATE TABLE "device" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" character varying(100) NOT NULL, "name" character varying(200) NOT NULL DEFAULT '', "type" character varying(20) NOT NULL, "is_enabled" boolean NOT NULL DEFAULT true, "settings" jsonb NOT NULL DEFAULT '{}', "last_seen_at" TIMESTAMP WITH TIME ZONE, "api_key_hash" character varying(64), "api_key_hint" character varying(4), "branch_id" integer, CONSTRAINT "PK_2dc10972aa4e27c01378dad2c72" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_device_identifier" ON "device"  ("identifier") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_device_api_key_hash" ON "device"  ("api_key_hash") WHERE api_key_hash IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "ix_device_branch" ON "device"  ("branch_id") `);
    await queryRunner.query(
      `CREATE TABLE "task" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL, "description" text NOT NULL DEFAULT '', "status" character varying(20) NOT NULL DEFAULT 'open', "due_date" date, "position" integer NOT NULL DEFAULT '0', "estimated_hours" numeric(7,2), "project_id" integer NOT NULL, "assignee_id" integer, CONSTRAINT "PK_fb213f79ee45060ba925ecd576e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_task_assignee" ON "task"  ("assignee_id") `);
    await queryRunner.query(`CREATE INDEX "ix_task_project" ON "task"  ("project_id", "position") `);
    await queryRunner.query(
      `CREATE TABLE "project" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL, "number" character varying(50), "customer_name" character varying(200) NOT NULL DEFAULT '', "customer_contact" character varying(200) NOT NULL DEFAULT '', "street" character varying(200) NOT NULL DEFAULT '', "zip_code" character varying(20) NOT NULL DEFAULT '', "city" character varying(100) NOT NULL DEFAULT '', "status" character varying(20) NOT NULL DEFAULT 'planned', "start_date" date, "end_date" date, "description" text NOT NULL DEFAULT '', "is_enabled" boolean NOT NULL DEFAULT true, "branch_id" integer, "division_id" integer, CONSTRAINT "PK_4d68b1358bb5b766d3e78f32f57" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_project_number" ON "project"  ("number") WHERE number IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "ix_project_division" ON "project"  ("division_id") `);
    await queryRunner.query(`CREATE INDEX "ix_project_branch" ON "project"  ("branch_id") `);
    await queryRunner.query(
      `CREATE TABLE "digital_signage_segment" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL, "type" character varying(10) NOT NULL, "duration" integer, "valid_from" TIMESTAMP WITH TIME ZONE, "valid_until" TIMESTAMP WITH TIME ZONE, "is_enabled" boolean NOT NULL DEFAULT true, "image_id" integer, "video_id" integer, CONSTRAINT "PK_037ce0d0cfcc0c69b90f56de9f0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "digital_signage_stream" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL, "identifier" character varying(100) NOT NULL, "loop" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_36b03952fe291438428573de0d7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_digital_signage_stream_identifier" ON "digital_signage_stream"  ("identifier") `,
    );
    await queryRunner.query(
      `CREATE TABLE "digital_signage_stream_item" ("id" SERIAL NOT NULL, "position" integer NOT NULL DEFAULT '0', "segment_id" integer NOT NULL, "stream_id" integer NOT NULL, CONSTRAINT "PK_d12d671236c8823f13b30af10b6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_digital_signage_stream_item_segment" ON "digital_signage_stream_item"  ("segment_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_digital_signage_stream_item_stream" ON "digital_signage_stream_item"  ("stream_id", "position") `,
    );
    await queryRunner.query(
      `CREATE TABLE "digital_signage_device" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" character varying(100) NOT NULL, "name" character varying(200) NOT NULL DEFAULT '', "orientation" character varying(10) NOT NULL DEFAULT 'landscape', "resolution" character varying(20) NOT NULL DEFAULT '1920x1080', "last_seen_at" TIMESTAMP WITH TIME ZONE, "branch_id" integer, "stream_id" integer, CONSTRAINT "PK_1b2f4148e3f6d8fbb9e85a20db8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_digital_signage_device_identifier" ON "digital_signage_device"  ("identifier") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_digital_signage_device_stream" ON "digital_signage_device"  ("stream_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_digital_signage_device_branch" ON "digital_signage_device"  ("branch_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "holiday_balance" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "year" integer NOT NULL, "entitlement_days" numeric(5,1) NOT NULL DEFAULT '0', "carried_over_days" numeric(5,1) NOT NULL DEFAULT '0', "comment" text NOT NULL DEFAULT '', "user_id" integer NOT NULL, CONSTRAINT "PK_01c1b151688e9fabf370aea6681" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_holiday_balance_user_year" ON "holiday_balance"  ("user_id", "year") `,
    );
    await queryRunner.query(
      `CREATE TABLE "working_activity" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "type" character varying(20) NOT NULL DEFAULT 'work', "started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ended_at" TIMESTAMP WITH TIME ZONE, "pauses" jsonb NOT NULL DEFAULT '[]', "status" character varying(10) NOT NULL DEFAULT 'running', "pause_minutes" integer NOT NULL DEFAULT '0', "days" numeric(5,1), "comment" text NOT NULL DEFAULT '', "user_id" integer NOT NULL, "branch_id" integer NOT NULL, "project_id" integer, "task_id" integer, CONSTRAINT "PK_352df90f0db1f0a5bf6e8b50881" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_working_activity_branch_started" ON "working_activity"  ("branch_id", "started_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_working_activity_user_started" ON "working_activity"  ("user_id", "started_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "working_schedule" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL, "comment" text NOT NULL DEFAULT '', "user_id" integer NOT NULL, "branch_id" integer NOT NULL, "department_id" integer, CONSTRAINT "PK_4d50677c666eaaabb59cfe6ae30" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_working_schedule_branch_starts" ON "working_schedule"  ("branch_id", "starts_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_working_schedule_user_starts" ON "working_schedule"  ("user_id", "starts_at") `,
    );
    await queryRunner.query(
      `ALTER TABLE "department" ADD CONSTRAINT "fk_department_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "department" ADD CONSTRAINT "fk_department_division" FOREIGN KEY ("division_id") REFERENCES "division"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "device" ADD CONSTRAINT "fk_device_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "task" ADD CONSTRAINT "fk_task_project" FOREIGN KEY ("project_id") REFERENCES "project"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "task" ADD CONSTRAINT "fk_task_assignee" FOREIGN KEY ("assignee_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "project" ADD CONSTRAINT "fk_project_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "project" ADD CONSTRAINT "fk_project_division" FOREIGN KEY ("division_id") REFERENCES "division"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_segment" ADD CONSTRAINT "fk_digital_signage_segment_image" FOREIGN KEY ("image_id") REFERENCES "image"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_segment" ADD CONSTRAINT "fk_digital_signage_segment_video" FOREIGN KEY ("video_id") REFERENCES "upload"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_stream_item" ADD CONSTRAINT "fk_digital_signage_stream_item_stream" FOREIGN KEY ("stream_id") REFERENCES "digital_signage_stream"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_stream_item" ADD CONSTRAINT "fk_digital_signage_stream_item_segment" FOREIGN KEY ("segment_id") REFERENCES "digital_signage_segment"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_device" ADD CONSTRAINT "fk_digital_signage_device_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_device" ADD CONSTRAINT "fk_digital_signage_device_stream" FOREIGN KEY ("stream_id") REFERENCES "digital_signage_stream"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "holiday_balance" ADD CONSTRAINT "fk_holiday_balance_user" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "working_activity" ADD CONSTRAINT "fk_working_activity_user" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "working_activity" ADD CONSTRAINT "fk_working_activity_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "working_activity" ADD CONSTRAINT "fk_working_activity_project" FOREIGN KEY ("project_id") REFERENCES "project"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "working_activity" ADD CONSTRAINT "fk_working_activity_task" FOREIGN KEY ("task_id") REFERENCES "task"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "working_schedule" ADD CONSTRAINT "fk_working_schedule_user" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "working_schedule" ADD CONSTRAINT "fk_working_schedule_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "working_schedule" ADD CONSTRAINT "fk_working_schedule_department" FOREIGN KEY ("department_id") REFERENCES "department"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "working_schedule" DROP CONSTRAINT "fk_working_schedule_department"`,
    );
    await queryRunner.query(`ALTER TABLE "working_schedule" DROP CONSTRAINT "fk_working_schedule_branch"`);
    await queryRunner.query(`ALTER TABLE "working_schedule" DROP CONSTRAINT "fk_working_schedule_user"`);
    await queryRunner.query(`ALTER TABLE "working_activity" DROP CONSTRAINT "fk_working_activity_task"`);
    await queryRunner.query(`ALTER TABLE "working_activity" DROP CONSTRAINT "fk_working_activity_project"`);
    await queryRunner.query(`ALTER TABLE "working_activity" DROP CONSTRAINT "fk_working_activity_branch"`);
    await queryRunner.query(`ALTER TABLE "working_activity" DROP CONSTRAINT "fk_working_activity_user"`);
    await queryRunner.query(`ALTER TABLE "holiday_balance" DROP CONSTRAINT "fk_holiday_balance_user"`);
    await queryRunner.query(
      `ALTER TABLE "digital_signage_device" DROP CONSTRAINT "fk_digital_signage_device_stream"`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_device" DROP CONSTRAINT "fk_digital_signage_device_branch"`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_stream_item" DROP CONSTRAINT "fk_digital_signage_stream_item_segment"`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_stream_item" DROP CONSTRAINT "fk_digital_signage_stream_item_stream"`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_segment" DROP CONSTRAINT "fk_digital_signage_segment_video"`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_segment" DROP CONSTRAINT "fk_digital_signage_segment_image"`,
    );
    await queryRunner.query(`ALTER TABLE "project" DROP CONSTRAINT "fk_project_division"`);
    await queryRunner.query(`ALTER TABLE "project" DROP CONSTRAINT "fk_project_branch"`);
    await queryRunner.query(`ALTER TABLE "task" DROP CONSTRAINT "fk_task_assignee"`);
    await queryRunner.query(`ALTER TABLE "task" DROP CONSTRAINT "fk_task_project"`);
    await queryRunner.query(`ALTER TABLE "device" DROP CONSTRAINT "fk_device_branch"`);
    await queryRunner.query(`ALTER TABLE "department" DROP CONSTRAINT "fk_department_division"`);
    await queryRunner.query(`ALTER TABLE "department" DROP CONSTRAINT "fk_department_branch"`);
    await queryRunner.query(`DROP INDEX "public"."ix_working_schedule_user_starts"`);
    await queryRunner.query(`DROP INDEX "public"."ix_working_schedule_branch_starts"`);
    await queryRunner.query(`DROP TABLE "working_schedule"`);
    await queryRunner.query(`DROP INDEX "public"."ix_working_activity_user_started"`);
    await queryRunner.query(`DROP INDEX "public"."ix_working_activity_branch_started"`);
    await queryRunner.query(`DROP TABLE "working_activity"`);
    await queryRunner.query(`DROP INDEX "public"."uq_holiday_balance_user_year"`);
    await queryRunner.query(`DROP TABLE "holiday_balance"`);
    await queryRunner.query(`DROP INDEX "public"."ix_digital_signage_device_branch"`);
    await queryRunner.query(`DROP INDEX "public"."ix_digital_signage_device_stream"`);
    await queryRunner.query(`DROP INDEX "public"."uq_digital_signage_device_identifier"`);
    await queryRunner.query(`DROP TABLE "digital_signage_device"`);
    await queryRunner.query(`DROP INDEX "public"."ix_digital_signage_stream_item_stream"`);
    await queryRunner.query(`DROP INDEX "public"."ix_digital_signage_stream_item_segment"`);
    await queryRunner.query(`DROP TABLE "digital_signage_stream_item"`);
    await queryRunner.query(`DROP INDEX "public"."uq_digital_signage_stream_identifier"`);
    await queryRunner.query(`DROP TABLE "digital_signage_stream"`);
    await queryRunner.query(`DROP TABLE "digital_signage_segment"`);
    await queryRunner.query(`DROP INDEX "public"."ix_project_branch"`);
    await queryRunner.query(`DROP INDEX "public"."ix_project_division"`);
    await queryRunner.query(`DROP INDEX "public"."uq_project_number"`);
    await queryRunner.query(`DROP TABLE "project"`);
    await queryRunner.query(`DROP INDEX "public"."ix_task_project"`);
    await queryRunner.query(`DROP INDEX "public"."ix_task_assignee"`);
    await queryRunner.query(`DROP TABLE "task"`);
    await queryRunner.query(`DROP INDEX "public"."ix_device_branch"`);
    await queryRunner.query(`DROP INDEX "public"."uq_device_api_key_hash"`);
    await queryRunner.query(`DROP INDEX "public"."uq_device_identifier"`);
    await queryRunner.query(`DROP TABLE "device"`);
    await queryRunner.query(`DROP INDEX "public"."ix_department_branch"`);
    await queryRunner.query(`DROP INDEX "public"."uq_department_identifier"`);
    await queryRunner.query(`DROP TABLE "department"`);
  }
}
