CREATE TABLE `head_office_links` (
	`organization_id` integer PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`head_office_name` text NOT NULL,
	`till_id` integer NOT NULL,
	`token` blob NOT NULL,
	`pull_cursor` text,
	`last_push_at` text,
	`last_pull_at` text,
	`last_error` text,
	`paired_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `pairing_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`label` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`till_id` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pairing_codes_code_hash_unique` ON `pairing_codes` (`code_hash`);--> statement-breakpoint
CREATE TABLE `tills` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`name` text NOT NULL,
	`branch` text NOT NULL,
	`terminal` text NOT NULL,
	`api_key_id` text NOT NULL,
	`last_seen_at` text,
	`documents_received` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`api_key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tills_organization` ON `tills` (`organization_id`);--> statement-breakpoint
ALTER TABLE `documents` ADD `till_id` integer;--> statement-breakpoint
ALTER TABLE `documents` ADD `till_cashier` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `till_shift` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `replicated_version` text;--> statement-breakpoint
CREATE INDEX `documents_till` ON `documents` (`till_id`);