use sea_orm_migration::prelude::*;

mod m0001_accounts;

pub struct Migrator;

impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![Box::new(m0001_accounts::Migration)]
    }
}
