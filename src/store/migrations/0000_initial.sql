CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`billing_email` text,
	`plan` text NOT NULL,
	`status` text NOT NULL,
	`archive_enabled` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`organization_id` integer,
	`name` text NOT NULL,
	`mode` text NOT NULL,
	`prefix` text NOT NULL,
	`secret_hash` text NOT NULL,
	`abilities` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text,
	`last_used_at` text,
	`revoked_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_secret_hash_unique` ON `api_keys` (`secret_hash`);--> statement-breakpoint
CREATE TABLE `brandings` (
	`organization_id` integer PRIMARY KEY NOT NULL,
	`color` text,
	`email_reply_to` text,
	`email_sender_name` text,
	`footer` text,
	`logo` blob,
	`logo_mime` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `counters` (
	`organization_id` integer NOT NULL,
	`environment` text NOT NULL,
	`branch` text NOT NULL,
	`terminal` text NOT NULL,
	`document_type` text NOT NULL,
	`next_value` integer NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`organization_id`, `environment`, `branch`, `terminal`, `document_type`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `credentials` (
	`organization_id` integer NOT NULL,
	`environment` text NOT NULL,
	`p12` blob,
	`pin` blob,
	`atv_user` text,
	`atv_password` blob,
	`certificate_subject` text,
	`certificate_serial` text,
	`certificate_expiry` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`organization_id`, `environment`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`environment` text NOT NULL,
	`document_type` text NOT NULL,
	`clave` text NOT NULL,
	`consecutive` text NOT NULL,
	`situation` text NOT NULL,
	`status` text NOT NULL,
	`hacienda_status` text,
	`hacienda_message` text,
	`hacienda_response_at` text,
	`emisor_identification` text,
	`emisor_name` text,
	`receptor_identification` text,
	`receptor_name` text,
	`currency` text NOT NULL,
	`exchange_rate` text,
	`net_amount` text NOT NULL,
	`tax_amount` text NOT NULL,
	`total_amount` text NOT NULL,
	`signed_xml` blob NOT NULL,
	`response_xml` blob,
	`rejections` text DEFAULT '[]' NOT NULL,
	`simulate` text,
	`callback_url` text,
	`transaction_id` text NOT NULL,
	`issued_at` text NOT NULL,
	`processing_time_ms` integer,
	`voided_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_clave` ON `documents` (`organization_id`,`environment`,`clave`);--> statement-breakpoint
CREATE UNIQUE INDEX `documents_consecutive` ON `documents` (`organization_id`,`environment`,`consecutive`);--> statement-breakpoint
CREATE INDEX `documents_listing` ON `documents` (`organization_id`,`environment`,`id`);--> statement-breakpoint
CREATE INDEX `documents_status` ON `documents` (`status`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`organization_id` integer NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_uuid_unique` ON `events` (`uuid`);--> statement-breakpoint
CREATE INDEX `events_organization` ON `events` (`organization_id`,`id`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`api_key_id` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`state` text NOT NULL,
	`response_status` integer,
	`response_body` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`api_key_id`, `key`)
);
--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`legal_name` text,
	`identification_type` text NOT NULL,
	`identification_number` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`economic_activities` text DEFAULT '[]' NOT NULL,
	`default_environment` text DEFAULT 'staging' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`logo_url` text,
	`logo_width` integer,
	`rate_per_minute` integer DEFAULT 600 NOT NULL,
	`rate_per_day` integer DEFAULT 100000 NOT NULL,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_uuid_unique` ON `organizations` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_identification` ON `organizations` (`account_id`,`identification_number`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE TABLE `outbox_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`run_at` text NOT NULL,
	`lease_until` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_due` ON `outbox_jobs` (`status`,`run_at`);--> statement-breakpoint
CREATE TABLE `recipients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`name` text NOT NULL,
	`commercial_name` text,
	`identification_type` text NOT NULL,
	`identification_number` text NOT NULL,
	`is_foreign` integer DEFAULT false NOT NULL,
	`country_code` text,
	`province` text,
	`canton` text,
	`district` text,
	`neighborhood` text,
	`other_address` text,
	`email` text,
	`phone` text,
	`fax` text,
	`notes` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `recipients_identification` ON `recipients` (`organization_id`,`identification_number`);