-- A schema in the style of mybatis/jpetstore-6
-- (src/main/resources/database/jpetstore-hsqldb-schema.sql): lower-case
-- HSQLDB DDL, explicit NULL, named primary keys, named foreign keys written
-- after the key with no comma between constraint lines, secondary indexes.
-- Written for keyplan's tests (tests/tools/test_schemas.py), not copied.

create table supplier (
    suppid int not null,
    name varchar(80) null,
    status varchar(2) not null,
    city varchar(80) null,
    constraint pk_supplier primary key (suppid)
);

create table signon (
    username varchar(25) not null,
    password varchar(25)  not null,
    constraint pk_signon primary key (username)
);

create table orderstatus (
      orderid int not null,
      linenum int not null,
      timestamp date not null,
      status varchar(2) not null,
      constraint pk_orderstatus primary key (orderid, linenum)
);

create table category (
	catid varchar(10) not null,
	name varchar(80) null,
	constraint pk_category primary key (catid)
);

create table product (
    productid varchar(10) not null,
    category varchar(10) not null,
    name varchar(80) null,
    constraint pk_product primary key (productid),
        constraint fk_product_1 foreign key (category)
        references category (catid)
);

create index productCat on product (category);
create index productName on product (name);

create table item (
    itemid varchar(10) not null,
    productid varchar(10) not null,
    listprice decimal(10,2) null,
    supplier int null,
    constraint pk_item primary key (itemid),
        constraint fk_item_1 foreign key (productid)
        references product (productid),
        constraint fk_item_2 foreign key (supplier)
        references supplier (suppid)
);

create index itemProd on item (productid);
