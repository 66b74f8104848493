SELECT /*+ _l_allow_filtering_, _l_force_index_('idx') */ * FROM t WHERE b = 1;
