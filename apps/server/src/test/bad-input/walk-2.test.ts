import { walkShard } from './shard';

walkShard(1, 2);
