import { describeFileStorage } from './conformance';
import { startS3rver } from './s3-test-server';

describeFileStorage('S3 (s3rver)', startS3rver);
