/** The Backup example: three versions, a destination split into bucket and prefix. */
export { backup } from './backup-resource.ts'
export { BackupV1, BackupV1alpha1, BackupV1beta1 } from './backup-schemas.ts'
export { joinDestination, splitDestination, type BucketAndPrefix } from './destination.ts'
