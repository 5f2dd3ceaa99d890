CREATE TABLE `cash_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shift_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount` text NOT NULL,
	`reason` text NOT NULL,
	`cashier_id` integer,
	`approved_by` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`shift_id`) REFERENCES `shifts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cash_movements_shift` ON `cash_movements` (`shift_id`);--> statement-breakpoint
CREATE TABLE `cashiers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`pin_hash` text NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`locked_until` text,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cashiers_organization` ON `cashiers` (`organization_id`,`active`);--> statement-breakpoint
CREATE TABLE `document_prints` (
	`document_id` integer PRIMARY KEY NOT NULL,
	`printer_id` integer,
	`state` text NOT NULL,
	`reason` text,
	`detail` text,
	`copies` integer DEFAULT 0 NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `printers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`name` text NOT NULL,
	`connection` text NOT NULL,
	`host` text,
	`port` integer,
	`os_name` text,
	`branch` text NOT NULL,
	`terminal` text NOT NULL,
	`drawer` integer DEFAULT false NOT NULL,
	`print_on_issue` integer DEFAULT true NOT NULL,
	`setup` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `printers_till` ON `printers` (`organization_id`,`branch`,`terminal`);--> statement-breakpoint
CREATE TABLE `shifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`environment` text NOT NULL,
	`branch` text NOT NULL,
	`terminal` text NOT NULL,
	`opened_by` integer,
	`opened_at` text NOT NULL,
	`opening_float` text NOT NULL,
	`closed_by` integer,
	`closed_at` text,
	`counts` text,
	`figures` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shifts_one_open` ON `shifts` (`organization_id`,`environment`,`branch`,`terminal`) WHERE closed_at IS NULL;--> statement-breakpoint
CREATE INDEX `shifts_listing` ON `shifts` (`organization_id`,`environment`,`id`);--> statement-breakpoint
CREATE TABLE `till_settings` (
	`organization_id` integer PRIMARY KEY NOT NULL,
	`lock_after_minutes` integer DEFAULT 5 NOT NULL,
	`discount_limit_percent` text DEFAULT '10' NOT NULL,
	`scale_formats` text DEFAULT '[]' NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `browser_sessions` ADD `cashier_id` integer;--> statement-breakpoint
ALTER TABLE `browser_sessions` ADD `cashier_seen_at` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `cashier_id` integer;--> statement-breakpoint
ALTER TABLE `documents` ADD `shift_id` integer;--> statement-breakpoint
ALTER TABLE `documents` ADD `approved_by` integer;--> statement-breakpoint
ALTER TABLE `documents` ADD `payments` text;--> statement-breakpoint
CREATE INDEX `documents_cashier` ON `documents` (`organization_id`,`environment`,`cashier_id`);--> statement-breakpoint
CREATE INDEX `documents_shift` ON `documents` (`shift_id`);