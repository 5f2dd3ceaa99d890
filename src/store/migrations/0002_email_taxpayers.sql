CREATE TABLE `document_emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`document_id` integer NOT NULL,
	`recipients` text NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`message_id` text,
	`sent_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `document_emails_document` ON `document_emails` (`document_id`);--> statement-breakpoint
CREATE TABLE `smtp_settings` (
	`organization_id` integer PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`port` integer NOT NULL,
	`secure` integer DEFAULT false NOT NULL,
	`username` text,
	`password` blob,
	`from_address` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `taxpayer_cache` (
	`identification` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`identification_type` text NOT NULL,
	`payload` text NOT NULL,
	`fetched_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `taxpayer_cache_name` ON `taxpayer_cache` (`name`);--> statement-breakpoint
ALTER TABLE `documents` ADD `email_recipients` text;