CREATE TABLE `received_folders` (
	`organization_id` integer PRIMARY KEY NOT NULL,
	`environment` text NOT NULL,
	`path` text NOT NULL,
	`interval_minutes` integer NOT NULL,
	`enabled` integer NOT NULL,
	`last_scanned_at` text,
	`last_error` text,
	`last_result` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
