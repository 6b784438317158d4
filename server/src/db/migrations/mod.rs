use sea_orm_migration::prelude::*;

mod m0001_accounts;
mod m0002_children;
mod m0003_settings;
mod m0004_site;
mod m0005_profile;
mod m0006_closing;
mod m0007_two_factor;
mod m0008_invitations;
mod m0009_pending_files;
mod m0011_withheld_invitations;
mod m0012_child_deletion;
mod m0013_suggestions;
mod m0014_jobs;
mod m0015_file_keys;
mod m0016_family_record;
mod m0017_time_zones;
mod m0018_live;
mod m0019_notifications;
mod m0020_push_devices;
mod m0021_messages;
mod m0022_message_search;
mod m0023_calendar_events;
mod m0024_custody;
mod m0025_conversation_versions;
mod m0026_calendar_feed;
mod m0027_calendar_versions;
mod m0028_notice_subjects;
mod m0029_money;
mod m0030_child_support;
mod m0031_message_search_months;
mod m0032_money_versions;
mod m0033_documents;
mod m0034_emergency_card;
mod m0035_message_search_weeks;
pub mod m0036_record_audiences;
mod m0037_notice_actors_and_streams;
mod m0038_uploads_and_card_makers;
mod m0039_money_consent;
mod m0040_child_calendar_items;
mod m0041_reports;
mod m0042_timestamps;
mod m0043_money_statistics_versions;
mod m0044_professional_access;
mod m0045_professional_readings;
mod m0046_professional_conversation;
mod m0047_custody_proposals;

pub struct Migrator;

impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m0001_accounts::Migration),
            Box::new(m0002_children::Migration),
            Box::new(m0003_settings::Migration),
            Box::new(m0004_site::Migration),
            Box::new(m0005_profile::Migration),
            Box::new(m0006_closing::Migration),
            Box::new(m0007_two_factor::Migration),
            Box::new(m0008_invitations::Migration),
            Box::new(m0009_pending_files::Migration),
            Box::new(m0011_withheld_invitations::Migration),
            Box::new(m0012_child_deletion::Migration),
            Box::new(m0013_suggestions::Migration),
            Box::new(m0014_jobs::Migration),
            Box::new(m0015_file_keys::Migration),
            Box::new(m0016_family_record::Migration),
            Box::new(m0017_time_zones::Migration),
            Box::new(m0018_live::Migration),
            Box::new(m0019_notifications::Migration),
            Box::new(m0020_push_devices::Migration),
            Box::new(m0021_messages::Migration),
            Box::new(m0022_message_search::Migration),
            Box::new(m0023_calendar_events::Migration),
            Box::new(m0024_custody::Migration),
            Box::new(m0025_conversation_versions::Migration),
            Box::new(m0026_calendar_feed::Migration),
            Box::new(m0027_calendar_versions::Migration),
            Box::new(m0028_notice_subjects::Migration),
            Box::new(m0029_money::Migration),
            Box::new(m0030_child_support::Migration),
            Box::new(m0031_message_search_months::Migration),
            Box::new(m0032_money_versions::Migration),
            Box::new(m0033_documents::Migration),
            Box::new(m0034_emergency_card::Migration),
            Box::new(m0035_message_search_weeks::Migration),
            Box::new(m0036_record_audiences::Migration),
            Box::new(m0037_notice_actors_and_streams::Migration),
            Box::new(m0038_uploads_and_card_makers::Migration),
            Box::new(m0039_money_consent::Migration),
            Box::new(m0040_child_calendar_items::Migration),
            Box::new(m0041_reports::Migration),
            Box::new(m0042_timestamps::Migration),
            Box::new(m0043_money_statistics_versions::Migration),
            Box::new(m0044_professional_access::Migration),
            Box::new(m0045_professional_readings::Migration),
            Box::new(m0046_professional_conversation::Migration),
            Box::new(m0047_custody_proposals::Migration),
        ]
    }
}
