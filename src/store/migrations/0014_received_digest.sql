CREATE TABLE `received_digest_settings` (
	`organization_id` integer PRIMARY KEY NOT NULL,
	`environment` text NOT NULL,
	`enabled` integer NOT NULL,
	`recipients` text NOT NULL,
	`days_before` integer NOT NULL,
	`last_sent_on` text,
	`last_error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
