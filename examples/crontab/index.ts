/** The CronTab example: `hostPort` in v1beta1 is `host` and `port` in v1. */
export { cronTab } from './crontab-resource.ts'
export { CronTabV1, CronTabV1beta1 } from './crontab-schemas.ts'
export { joinHostPort, splitHostPort, type HostAndPort } from './host-port.ts'
