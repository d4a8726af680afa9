/** HTTP(S) requests from Node with answers read as text: the API server, etcd and webhooks outside the cluster client. */
export { httpGetText, requestText, type TextAnswer, type TextRequest } from './request-text.ts'
